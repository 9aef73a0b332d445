package dev.weft.future;

import java.util.Objects;

/**
 * The future of {@link Future#join(Future, Future)}: polls both futures with the same context
 * until both are ready. If one throws, the other (if not finished) is cancelled and the exception
 * passes on unchanged.
 *
 * <p>A child field is {@code null} once that child completed or was cancelled; its output is then
 * kept in {@code outA}/{@code outB}. Polling task only.
 */
final class Join<A, B> implements Future<Pair<A, B>> {
    private Future<A> a;
    private Future<B> b;
    private A outA;
    private B outB;

    Join(Future<A> a, Future<B> b) {
        this.a = Objects.requireNonNull(a, "a");
        this.b = Objects.requireNonNull(b, "b");
    }

    @Override
    public Poll<Pair<A, B>> poll(Context cx) throws Exception {
        Future<A> fa = a;
        if (fa != null) {
            Poll<A> p;
            try {
                p = fa.poll(cx);
            } catch (Throwable t) {
                a = null;
                Future<B> fb = b;
                b = null;
                throw Cancels.afterFailure(fb, t);
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
                Future<A> other = a;
                a = null;
                throw Cancels.afterFailure(other, t);
            }
            if (p instanceof Poll.Ready<B>(B value)) {
                outB = value;
                b = null;
            }
        }
        if (a != null || b != null) return Poll.pending();
        return Poll.ready(new Pair<>(outA, outB));
    }

    @Override
    public void cancel() {
        Future<A> fa = a;
        Future<B> fb = b;
        a = null;
        b = null;
        Cancels.both(fa, fb);
    }

    @Override
    public String toString() {
        return "Join[" + a + ", " + b + "]";
    }
}
