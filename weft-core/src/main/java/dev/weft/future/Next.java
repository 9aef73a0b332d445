package dev.weft.future;

import java.util.Objects;
import java.util.Optional;

/**
 * The future of {@link Stream#next()}: the stream's next element. It borrows the stream: cancelling
 * it does not cancel the stream, which stays usable. Polling task only.
 */
final class Next<T> implements Future<Optional<T>> {
    private final Stream<T> stream;

    Next(Stream<T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    @Override
    public Poll<Optional<T>> poll(Context cx) throws Exception {
        return stream.pollNext(cx);
    }

    @Override
    public String toString() {
        return "Next[" + stream + "]";
    }
}
