package dev.weft.future;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * The future of {@link AsyncStream#forEach(Consumer)}: hands every element to the consumer, ready
 * when the stream ends. If the consumer throws, the stream is cancelled and the exception passes
 * on. {@code stream} is {@code null} once ended or cancelled; polling task only.
 */
final class ForEach<T> implements Future<Void> {
    private AsyncStream<T> stream;
    private final Consumer<? super T> action;

    ForEach(AsyncStream<T> stream, Consumer<? super T> action) {
        this.stream = Objects.requireNonNull(stream, "stream");
        this.action = Objects.requireNonNull(action, "action");
    }

    @Override
    public Poll<Void> poll(Context cx) throws Exception {
        AsyncStream<T> s = stream;
        if (s == null) throw new IllegalStateException("forEach polled after completion or cancel");
        while (true) {
            Poll<T> p = s.pollNext(cx);
            if (p.isPending()) return Poll.pending();
            if (AsyncStream.isEnd(p)) {
                stream = null;
                return Poll.ready(null);
            }
            T next = p.value();
            try {
                if (next == null) throw NullElement.in(s);
                action.accept(next);
            } catch (Throwable t) {
                stream = null;
                throw Cancels.streamAfterFailure(s, t); // this future fails with t: the stream is abandoned
            }
        }
    }

    @Override
    public void cancel() {
        AsyncStream<T> s = stream;
        stream = null;
        if (s != null) s.cancel();
    }

    @Override
    public String toString() {
        return "ForEach[" + stream + "]";
    }
}
