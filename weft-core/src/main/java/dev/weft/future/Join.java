package dev.weft.future;

import java.util.Objects;

/**
 * The future of {@link Future#join(Future, Future)}: polls both futures with the same context
 * until both are ready. If one throws, the other (if not finished) is cancelled, and once it has
 * finished cancelling the exception passes on unchanged.
 *
 * <pre>
 * a, b        a child not finished yet, else null (its output then in outA / outB)
 * failed      the exception one child threw, held while the other finishes cancelling
 * unwinding   the children cancelled (by a failure or by cancel()) and not done cancelling
 * </pre>
 * Polling task only.
 */
final class Join<A, B> implements Future<Pair<A, B>> {
    private Future<A> a;
    private Future<B> b;
    private A outA;
    private B outB;
    private Throwable failed;
    private final Unwinding unwinding = new Unwinding();

    Join(Future<A> a, Future<B> b) {
        this.a = Objects.requireNonNull(a, "a");
        this.b = Objects.requireNonNull(b, "b");
    }

    @Override
    public Poll<Pair<A, B>> poll(Context cx) throws Exception {
        if (failed != null) return failedOnceCancelled(cx);
        Future<A> fa = a;
        if (fa != null) {
            Poll<A> p;
            try {
                p = fa.poll(cx);
            } catch (Throwable t) {
                a = null;
                return fail(t, cx);
            }
            if (p instanceof Poll.Ready<A>(A value)) {
                outA = value;
                a = null;
            }
        }
        Future<B> fb = b;
        if (fb != null) {
            Poll<B> p;
            try {
                p = fb.poll(cx);
            } catch (Throwable t) {
                b = null;
                return fail(t, cx);
            }
            if (p instanceof Poll.Ready<B>(B value)) {
                outB = value;
                b = null;
            }
        }
        if (a != null || b != null) return Poll.pending();
        return Poll.ready(new Pair<>(outA, outB));
    }

    /** One child threw {@code t}: cancel the other, then throw {@code t} once it is done cancelling. */
    private Poll<Pair<A, B>> fail(Throwable t, Context cx) throws Exception {
        failed = t;
        Throwable hook = cancelChildren();
        if (hook != null) t.addSuppressed(hook);
        return failedOnceCancelled(cx);
    }

    private Poll<Pair<A, B>> failedOnceCancelled(Context cx) throws Exception {
        if (unwinding.poll(cx).isPending()) return Poll.pending();
        Throwable t = failed;
        failed = null;
        throw Cancels.asException(t);
    }

    /** Cancels the unfinished children; @return the first throwable of their cancel hooks, or null */
    private Throwable cancelChildren() {
        Future<A> fa = a;
        Future<B> fb = b;
        a = null;
        b = null;
        if (fa != null) unwinding.add(fa);
        if (fb != null) unwinding.add(fb);
        try {
            Cancels.both(fa, fb);
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    @Override
    public void cancel() {
        Throwable hook = cancelChildren();
        if (hook != null) throw Cancels.unchecked(hook);
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        return unwinding.poll(cx);
    }

    @Override
    public String toString() {
        return "Join[" + a + ", " + b + "]";
    }
}
