package dev.weft.coro.internal;

import dev.weft.internal.Outcomes;
import java.util.concurrent.CancellationException;

/**
 * An await in a coroutine body of another coroutine future that has not started: the awaited
 * body runs inline, as a plain call on the awaiting coroutine's stack, instead of on a second
 * virtual thread ({@link StepState#claimInline()} decides). Same outcome, no second thread;
 * inside it, {@code Thread.currentThread()} is the awaiting coroutine's, and its awaits suspend
 * the awaiting coroutine. If the awaiting coroutine is cancelled meanwhile, its await throws
 * {@link CancellationException} whatever the inline body did with the cancellation (returned a
 * value after catching it, or threw something else, which is reported). Holds no state.
 */
final class InlineAwait {
    private InlineAwait() {}

    /**
     * Runs {@code inner}'s body on {@code outer}, which claimed it; its awaits suspend
     * {@code outer}. If {@code outer} is cancelled meanwhile, the await throws
     * {@link CancellationException}: the inline body's value is dropped, and what it threw other
     * than the cancellation is reported.
     */
    static <R> R await(VirtualCoroutine<?> outer, VirtualCoroutine<?> inner) {
        R v;
        try {
            v = inner.runInline();
        } catch (Throwable t) {
            if (!outer.isCancelled() || t instanceof CancellationException) throw Outcomes.rethrow(t);
            outer.reportFailure(t);
            throw new AwaitCancelled("coroutine cancelled while awaiting ", inner);
        }
        if (outer.isCancelled()) throw new AwaitCancelled("coroutine cancelled while awaiting ", inner);
        return v;
    }
}
