package dev.weft.future;

import java.util.Objects;

/**
 * The stream of {@link Stream#take(long)}: the first {@code n} elements. Once it has given them it
 * cancels the inner stream (abandoned unfinished) and ends. {@code inner} is {@code null} once the
 * inner stream ended or was cancelled; polling task only.
 */
final class StreamTake<T> implements Stream<T> {
    private Stream<T> inner;
    private long left;

    StreamTake(Stream<T> inner, long n) {
        if (n < 0) throw new IllegalArgumentException("n < 0: " + n);
        this.inner = Objects.requireNonNull(inner, "inner");
        this.left = n;
    }

    @Override
    public Poll<T> pollNext(Context cx) throws Exception {
        Stream<T> s = inner;
        if (s == null) return Stream.end();
        if (left == 0) {
            inner = null;
            s.cancel();
            return Stream.end();
        }
        Poll<T> p = s.pollNext(cx);
        if (p.isPending()) return p;
        if (Stream.isEnd(p)) {
            inner = null;
            return p;
        }
        if (p.value() == null) {
            inner = null;
            throw Cancels.streamAfterFailure(s, StreamEnd.nullElement(s)); // abandoned: this stream ends with the NPE
        }
        if (--left == 0) {
            inner = null;
            s.cancel();
        }
        return p;
    }

    @Override
    public void cancel() {
        Stream<T> s = inner;
        inner = null;
        if (s != null) s.cancel();
    }

    @Override
    public String toString() {
        return "StreamTake[" + left + ", " + inner + "]";
    }
}
