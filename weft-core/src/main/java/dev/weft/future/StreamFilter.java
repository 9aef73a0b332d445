package dev.weft.future;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The stream of {@link Stream#filter(Predicate)}: skips elements the predicate rejects.
 * {@code ended} is set once the inner stream ended, or was cancelled because the predicate threw;
 * polling task only.
 */
final class StreamFilter<T> implements Stream<T> {
    private final Stream<T> inner;
    private final Predicate<? super T> keep;
    private boolean ended;

    StreamFilter(Stream<T> inner, Predicate<? super T> keep) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.keep = Objects.requireNonNull(keep, "keep");
    }

    @Override
    public Poll<Optional<T>> pollNext(Context cx) throws Exception {
        if (ended) return Poll.ready(Optional.empty());
        while (true) {
            if (!(inner.pollNext(cx) instanceof Poll.Ready<Optional<T>>(Optional<T> next))) return Poll.pending();
            if (next.isEmpty()) {
                ended = true;
                return Poll.ready(next);
            }
            boolean kept;
            try {
                kept = keep.test(next.get());
            } catch (Throwable t) {
                ended = true;
                throw Cancels.streamAfterFailure(inner, t); // this stream ends with t: the inner one is abandoned
            }
            if (kept) return Poll.ready(next);
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
        return "StreamFilter[" + inner + "]";
    }
}
