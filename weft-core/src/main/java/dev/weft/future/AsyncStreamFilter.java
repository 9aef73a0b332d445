package dev.weft.future;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * The stream of {@link AsyncStream#filter(Predicate)}: skips elements the predicate rejects.
 * {@code ended} is set once the inner stream ended, or was cancelled because the predicate threw;
 * polling task only.
 */
final class AsyncStreamFilter<T> implements AsyncStream<T> {
    private final AsyncStream<T> inner;
    private final Predicate<? super T> keep;
    private boolean ended;

    AsyncStreamFilter(AsyncStream<T> inner, Predicate<? super T> keep) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.keep = Objects.requireNonNull(keep, "keep");
    }

    @Override
    public Poll<T> pollNext(Context cx) throws Exception {
        if (ended) return AsyncStream.end();
        while (true) {
            Poll<T> p = inner.pollNext(cx);
            if (p.isPending()) return p;
            if (AsyncStream.isEnd(p)) {
                ended = true;
                return p;
            }
            T next = p.value();
            boolean kept;
            try {
                if (next == null) throw NullElement.in(inner);
                kept = keep.test(next);
            } catch (Throwable t) {
                ended = true;
                throw Cancels.streamAfterFailure(inner, t); // this stream ends with t: the inner one is abandoned
            }
            if (kept) return p;
        }
    }

    @Override
    public void cancel() {
        if (ended) return;
        ended = true;
        inner.cancel();
    }

    @Override
    public String toString() {
        return "AsyncStreamFilter[" + inner + "]";
    }
}
