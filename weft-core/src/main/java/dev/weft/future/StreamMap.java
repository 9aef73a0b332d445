package dev.weft.future;

import java.util.Objects;
import java.util.function.Function;

/**
 * The stream of {@link Stream#map(Function)}. {@code ended} is set once the inner stream ended, or
 * was cancelled because the function threw; polling task only.
 */
final class StreamMap<T, R> implements Stream<R> {
    private final Stream<T> inner;
    private final Function<? super T, ? extends R> fn;
    private boolean ended;

    StreamMap(Stream<T> inner, Function<? super T, ? extends R> fn) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.fn = Objects.requireNonNull(fn, "fn");
    }

    @Override
    public Poll<R> pollNext(Context cx) throws Exception {
        if (ended) return Stream.end();
        Poll<T> p = inner.pollNext(cx);
        if (p.isPending()) return Poll.pending();
        if (Stream.isEnd(p)) {
            ended = true;
            return Stream.end();
        }
        T next = p.value();
        R mapped;
        try {
            if (next == null) throw StreamEnd.nullElement(inner);
            mapped = fn.apply(next);
            if (mapped == null) throw new NullPointerException(this + ": the function answered null for " + next);
        } catch (Throwable t) {
            ended = true;
            throw Cancels.streamAfterFailure(inner, t); // this stream ends with t: the inner one is abandoned
        }
        return Poll.ready(mapped);
    }

    @Override
    public void cancel() {
        if (ended) return;
        ended = true;
        inner.cancel();
    }

    @Override
    public String toString() {
        return "StreamMap[" + inner + "]";
    }
}
