package dev.weft.future;

import java.util.Objects;
import java.util.Optional;
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
    public Poll<Optional<R>> pollNext(Context cx) throws Exception {
        if (ended) return Poll.ready(Optional.empty());
        if (!(inner.pollNext(cx) instanceof Poll.Ready<Optional<T>>(Optional<T> next))) return Poll.pending();
        if (next.isEmpty()) {
            ended = true;
            return Poll.ready(Optional.empty());
        }
        R mapped;
        try {
            mapped = fn.apply(next.get());
        } catch (Throwable t) {
            ended = true;
            throw Cancels.streamAfterFailure(inner, t); // this stream ends with t: the inner one is abandoned
        }
        return Poll.ready(Optional.of(mapped));
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
