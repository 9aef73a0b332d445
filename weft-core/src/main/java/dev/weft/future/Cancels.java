package dev.weft.future;

/**
 * How combinators cancel children they abandon: every child is cancelled even if another child's
 * {@code cancel()} throws, and nothing thrown is lost.
 */
final class Cancels {
    private Cancels() {}

    /**
     * Cancels {@code stream} after the owner failed with {@code failure}; a throwable from the
     * cancel is added to {@code failure} as suppressed.
     *
     * @return {@code failure}, to be rethrown by the caller
     */
    static Exception streamAfterFailure(AsyncStream<?> stream, Throwable failure) {
        try {
            stream.cancel();
        } catch (Throwable t) {
            failure.addSuppressed(t);
        }
        return asException(failure);
    }

    /** Cancels both (either may be {@code null}); the first throwable is rethrown after both ran. */
    static void both(Future<?> a, Future<?> b) {
        Throwable first = null;
        if (a != null) {
            try {
                a.cancel();
            } catch (Throwable t) {
                first = t;
            }
        }
        if (b != null) {
            try {
                b.cancel();
            } catch (Throwable t) {
                if (first == null) first = t;
                else first.addSuppressed(t);
            }
        }
        if (first != null) throw unchecked(first);
    }

    /**
     * Adds the throwable of a cancel to {@code acc} (or starts it).
     *
     * @return the accumulated throwable
     */
    static Throwable collect(Throwable acc, Throwable t) {
        if (acc == null) return t;
        acc.addSuppressed(t);
        return acc;
    }

    /** What a poll may throw: exceptions as they are; errors are thrown from here directly. */
    static Exception asException(Throwable t) {
        if (t instanceof Exception e) return e;
        throw (Error) t;
    }

    /** What {@code cancel()} may throw: unchecked throwables as they are; errors thrown directly. */
    static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException("cancel() threw a checked exception", t);
    }
}
