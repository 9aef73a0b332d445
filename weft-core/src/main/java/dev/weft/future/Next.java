package dev.weft.future;

import java.util.Objects;
import java.util.Optional;

/**
 * The future of {@link AsyncStream#next()}: the stream's next element. It borrows the stream:
 * cancelling it does not cancel the stream, which stays usable. Polling task only.
 */
final class Next<T> implements Future<Optional<T>> {
    private final AsyncStream<T> stream;

    Next(AsyncStream<T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    @Override
    public Poll<Optional<T>> poll(Context cx) throws Exception {
        Poll<T> p = stream.pollNext(cx);
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
