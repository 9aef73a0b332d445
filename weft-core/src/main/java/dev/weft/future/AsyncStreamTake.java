package dev.weft.future;

import java.util.Objects;

/**
 * The stream of {@link AsyncStream#take(long)}: the first {@code n} elements. Once it has given
 * them it cancels the inner stream (abandoned unfinished) and ends. {@code inner} is {@code null}
 * once the inner stream ended or was cancelled; polling task only.
 */
final class AsyncStreamTake<T> implements AsyncStream<T> {
    private AsyncStream<T> inner;
    private long left;

    AsyncStreamTake(AsyncStream<T> inner, long n) {
        if (n < 0) throw new IllegalArgumentException("n < 0: " + n);
        this.inner = Objects.requireNonNull(inner, "inner");
        this.left = n;
    }

    @Override
    public Poll<T> pollNext(Context cx) throws Exception {
        AsyncStream<T> s = inner;
        if (s == null) return AsyncStream.end();
        if (left == 0) {
            inner = null;
            s.cancel();
            return AsyncStream.end();
        }
        Poll<T> p = s.pollNext(cx);
        if (p.isPending()) return p;
        if (AsyncStream.isEnd(p)) {
            inner = null;
            return p;
        }
        if (p.value() == null) {
            inner = null;
            throw Cancels.streamAfterFailure(s, NullElement.in(s)); // abandoned: this stream ends with the NPE
        }
        if (--left == 0) {
            inner = null;
            s.cancel();
        }
        return p;
    }

    @Override
    public void cancel() {
        AsyncStream<T> s = inner;
        inner = null;
        if (s != null) s.cancel();
    }

    @Override
    public String toString() {
        return "AsyncStreamTake[" + left + ", " + inner + "]";
    }
}
