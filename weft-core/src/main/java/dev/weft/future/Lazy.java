package dev.weft.future;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The future of {@link Future#lazy(Supplier)}: makes its inner future on the first poll, then
 * polls it. Fields are touched by the polling task only.
 */
final class Lazy<T> implements Future<T> {
    private Supplier<? extends Future<T>> supplier;
    private Future<T> inner;
    private Future<T> unwinding; // cancelled, and not done cancelling

    Lazy(Supplier<? extends Future<T>> supplier) {
        this.supplier = Objects.requireNonNull(supplier, "supplier");
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        Future<T> f = inner;
        if (f == null) {
            Supplier<? extends Future<T>> s = supplier;
            if (s == null) throw new IllegalStateException("lazy future polled after cancel");
            supplier = null;
            f = inner = Objects.requireNonNull(s.get(), "lazy supplier returned null");
        }
        return f.poll(cx);
    }

    @Override
    public void cancel() {
        supplier = null;
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
        return "Future.lazy(" + (inner != null ? inner : supplier) + ")";
    }
}
