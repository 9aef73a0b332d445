package dev.weft.future;

import java.util.Objects;
import java.util.function.Function;

/**
 * The future of {@link Future#catching(Class, Function)}: polls the inner future; if it throws an
 * instance of the caught type, completes with the handler's answer instead. Other throwables pass
 * through unchanged. {@code inner} is {@code null} once finished; {@code unwinding} holds it from its
 * cancel until its {@code pollCancel} is ready. Polling task only.
 */
final class Catching<T, X extends Throwable> implements Future<T> {
    private Future<T> inner;
    private Future<T> unwinding; // cancelled, and not done cancelling
    private final Class<X> type;
    private final Function<? super X, ? extends T> handler;

    Catching(Future<T> inner, Class<X> type, Function<? super X, ? extends T> handler) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.type = Objects.requireNonNull(type, "type");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        Future<T> f = inner;
        if (f == null) throw new IllegalStateException("catching future polled after completion or cancel");
        Poll<T> p;
        try {
            p = f.poll(cx);
        } catch (Throwable t) {
            inner = null;
            if (!type.isInstance(t)) throw t;
            return Poll.ready(handler.apply(type.cast(t)));
        }
        if (p.isReady()) inner = null;
        return p;
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
        return "Catching[" + type.getSimpleName() + ", " + inner + "]";
    }
}
