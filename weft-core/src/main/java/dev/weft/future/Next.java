package dev.weft.future;

import java.util.Objects;
import java.util.Optional;

/**
 * The future of {@link AsyncStream#next()}: the stream's next element. It borrows the stream:
 * cancelling it does not cancel the stream, which stays usable. Polling task only.
 *
 * <p>It fails with what the stream threw, typed {@code X}: {@code Exception} for any stream, the
 * declared type for a {@link FallibleStream} (whose {@code pollNext} throws nothing else checked).
 */
final class Next<T, X extends Exception> implements Fallible<Optional<T>, X> {
    private final AsyncStream<T> stream;

    Next(AsyncStream<T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    @Override
    @SuppressWarnings("unchecked") // X is what the stream's pollNext throws (see the class comment)
    public Poll<Optional<T>> poll(Context cx) throws X {
        Poll<T> p;
        try {
            p = stream.pollNext(cx);
        } catch (Exception e) {
            throw (X) e;
        }
        if (p.isPending()) return Poll.pending();
        if (AsyncStream.isEnd(p)) return Poll.ready(Optional.empty());
        T next = p.value();
        if (next == null) throw NullElement.in(stream);
        return Poll.ready(Optional.of(next));
    }

    @Override
    public String toString() {
        return "Next[" + stream + "]";
    }
}
