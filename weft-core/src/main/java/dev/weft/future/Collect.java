package dev.weft.future;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.stream.Collector;

/**
 * The future of {@link AsyncStream#collect(Collector)}: accumulates every element, ready with the
 * collector's result when the stream ends. If the accumulator throws, the stream is cancelled and
 * the exception passes on. {@code stream} is {@code null} once ended or cancelled; polling task only.
 */
final class Collect<T, A, R> implements Future<R> {
    private AsyncStream<T> stream;
    private final Collector<? super T, A, R> collector;
    private final BiConsumer<A, ? super T> accumulator;
    private A container;

    Collect(AsyncStream<T> stream, Collector<? super T, A, R> collector) {
        this.stream = Objects.requireNonNull(stream, "stream");
        this.collector = Objects.requireNonNull(collector, "collector");
        this.accumulator = collector.accumulator();
    }

    @Override
    public Poll<R> poll(Context cx) throws Exception {
        AsyncStream<T> s = stream;
        if (s == null) throw new IllegalStateException("collect polled after completion or cancel");
        if (container == null) container = collector.supplier().get();
        while (true) {
            Poll<T> p = s.pollNext(cx);
            if (p.isPending()) return Poll.pending();
            if (AsyncStream.isEnd(p)) {
                stream = null;
                A c = container;
                container = null;
                return Poll.ready(collector.finisher().apply(c));
            }
            T next = p.value();
            try {
                if (next == null) throw NullElement.in(s);
                accumulator.accept(container, next);
            } catch (Throwable t) {
                stream = null;
                container = null;
                throw Cancels.streamAfterFailure(s, t); // this future fails with t: the stream is abandoned
            }
        }
    }

    @Override
    public void cancel() {
        AsyncStream<T> s = stream;
        stream = null;
        container = null;
        if (s != null) s.cancel();
    }

    @Override
    public String toString() {
        return "Collect[" + stream + "]";
    }
}
