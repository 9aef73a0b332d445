package dev.weft.future;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The future of {@link Stream#forEach(Consumer)}: hands every element to the consumer, ready when
 * the stream ends. {@code stream} is {@code null} once ended or cancelled; polling task only.
 */
final class ForEach<T> implements Future<Void> {
    private Stream<T> stream;
    private final Consumer<? super T> action;

    ForEach(Stream<T> stream, Consumer<? super T> action) {
        this.stream = Objects.requireNonNull(stream, "stream");
        this.action = Objects.requireNonNull(action, "action");
    }

    @Override
    public Poll<Void> poll(Context cx) throws Exception {
        Stream<T> s = stream;
        if (s == null) throw new IllegalStateException("forEach polled after completion or cancel");
        while (s.pollNext(cx) instanceof Poll.Ready<Optional<T>>(Optional<T> next)) {
            if (next.isEmpty()) {
                stream = null;
                return Poll.ready(null);
            }
            action.accept(next.get());
        }
        return Poll.pending();
    }

    @Override
    public void cancel() {
        Stream<T> s = stream;
        stream = null;
        if (s != null) s.cancel();
    }

    @Override
    public String toString() {
        return "ForEach[" + stream + "]";
    }
}
