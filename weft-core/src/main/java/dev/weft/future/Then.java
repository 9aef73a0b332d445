package dev.weft.future;

import java.util.Objects;
import java.util.function.Function;

/**
 * The future of {@link Future#then(Function)}: polls the first future, feeds its output to the
 * function, then polls the future the function returned.
 *
 * <pre>
 * first != null                 polling the first future
 * first == null, second != null polling the second future
 * both null                     completed or cancelled
 * </pre>
 * After a cancel, {@code unwinding} holds the future that was running until it is done cancelling.
 * Polling task only.
 */
final class Then<T, R> implements Future<R> {
    private Future<T> first;
    private Function<? super T, ? extends Future<R>> fn;
    private Future<R> second;
    private Future<?> unwinding; // the one cancelled, until its pollCancel is ready

    Then(Future<T> first, Function<? super T, ? extends Future<R>> fn) {
        this.first = Objects.requireNonNull(first, "first");
        this.fn = Objects.requireNonNull(fn, "fn");
    }

    @Override
    public Poll<R> poll(Context cx) throws Exception {
        Future<T> a = first;
        if (a != null) {
            if (!(a.poll(cx) instanceof Poll.Ready<T>(T value))) return Poll.pending();
            first = null;
            Function<? super T, ? extends Future<R>> f = fn;
            fn = null;
            second = Objects.requireNonNull(f.apply(value), "then function returned null");
        }
        Future<R> b = second;
        if (b == null) throw new IllegalStateException("then future polled after completion or cancel");
        Poll<R> p = b.poll(cx);
        if (p.isReady()) second = null;
        return p;
    }

    @Override
    public void cancel() {
        Future<T> a = first;
        Future<R> b = second;
        first = null;
        fn = null;
        second = null;
        if (a != null) {
            unwinding = a;
            a.cancel();
        } else if (b != null) {
            unwinding = b;
            b.cancel();
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
        return "Then[" + (first != null ? first : second) + "]";
    }
}
