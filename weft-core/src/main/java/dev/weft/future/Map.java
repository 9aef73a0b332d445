package dev.weft.future;

import java.util.Objects;
import java.util.function.Function;

/**
 * The future of {@link Future#map(Function)}: polls the inner future and applies the function to
 * its output. {@code inner} is {@code null} once it completed or was cancelled; {@code unwinding} holds it
 * from its cancel until its {@code pollCancel} is ready. Polling task only.
 */
final class Map<T, R> implements Future<R> {
    private Future<T> inner;
    private Future<T> unwinding; // cancelled, and not done cancelling
    private final Function<? super T, ? extends R> fn;

    Map(Future<T> inner, Function<? super T, ? extends R> fn) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.fn = Objects.requireNonNull(fn, "fn");
    }

    @Override
    public Poll<R> poll(Context cx) throws Exception {
        Future<T> f = inner;
        if (f == null) throw new IllegalStateException("map future polled after completion or cancel");
        if (!(f.poll(cx) instanceof Poll.Ready<T>(T value))) return Poll.pending();
        inner = null;
        return Poll.ready(fn.apply(value));
    }

    @Override
    public void cancel() {
        Future<T> f = inner;
        inner = null;
        if (f != null) {
            unwinding = f;
            f.cancel();
        }
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        if (!Unwinding.drained(unwinding, cx)) return Poll.pending();
        unwinding = null;
        return Poll.ready(null);
    }

    @Override
    public String toString() {
        return "Map[" + inner + "]";
    }
}
