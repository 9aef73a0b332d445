package dev.weft.future;

import java.util.Objects;
import java.util.function.Function;

/**
 * The stream of {@link AsyncStream#map(Function)}. {@code ended} is set once the inner stream
 * ended, or was cancelled because the function threw; polling task only.
 */
final class AsyncStreamMap<T, R> implements AsyncStream<R> {
    private final AsyncStream<T> inner;
    private final Function<? super T, ? extends R> fn;
    private boolean ended;

    AsyncStreamMap(AsyncStream<T> inner, Function<? super T, ? extends R> fn) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.fn = Objects.requireNonNull(fn, "fn");
    }

    @Override
    public Poll<R> pollNext(Context cx) throws Exception {
        if (ended) return AsyncStream.end();
        Poll<T> p = inner.pollNext(cx);
        if (p.isPending()) return Poll.pending();
        if (AsyncStream.isEnd(p)) {
            ended = true;
            return AsyncStream.end();
        }
        T next = p.value();
        R mapped;
        try {
            if (next == null) throw NullElement.in(inner);
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
        return "AsyncStreamMap[" + inner + "]";
    }
}
