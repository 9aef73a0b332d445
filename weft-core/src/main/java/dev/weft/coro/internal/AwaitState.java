package dev.weft.coro.internal;

import dev.weft.internal.Coop;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The await handshake of a {@link VirtualCoroutine}: where its body is in an await, and what a
 * wake does to it. The layer above {@link StepState}; {@link VirtualCoroutine#await} and the
 * cancelled awaits of {@link Cancellation} drive it from the body's side, the coroutine's waker
 * and the submissions of {@link Steps} from the others.
 *
 * <h2>How await suspends</h2>
 * An await polls the awaited future with the coroutine's own context, whose waker is the
 * coroutine. While the future is pending the body calls {@code Thread.yield()} in the YIELDING
 * phase: the JDK freezes the stack and, on the stepping thread, submits the continuation, and the
 * submission <em>holds</em> it instead ({@code wait: 0 -> HELD}), so the step ends and the worker
 * is free. The wake takes it back ({@code HELD -> 0}), marks it submitted and wakes the owning
 * task. So a wake travels: awaited future -&gt; the coroutine's waker -&gt; the task's waker -&gt;
 * the executor polls the task on any worker (migration) -&gt; the step resumes the body. Holding a
 * yielded continuation is cheaper than {@code LockSupport.park}/{@code unpark} (no park permit, no
 * JDK state change or submit on the waking side); the price: a suspended body shows as
 * {@code RUNNABLE} in thread dumps, and an interrupt alone does not resume it. When the yield
 * cannot happen because the virtual thread is pinned (a native frame on its stack), the body
 * blocks its carrier instead ({@code wait = PINNED}; the wake unparks it).
 *
 * <h2>Cooperative budget</h2>
 * Leaf futures awaited in the body charge the budget of the worker carrying the step ({@link Coop}
 * looks through the body's virtual thread to its carrier); when it is spent the leaf wakes the
 * coroutine and answers pending, and the await yields the worker once ("woken in its poll"
 * below). Futures that never consult the budget ({@code Future.ready}, hand-written ones) are
 * covered by a count of their own: after {@link Coop#BUDGET} awaits in one step that were ready at
 * once ({@code readyInStep}), the body yields the worker once ({@code Thread.yield}: the task is
 * woken and requeued), so a body that always finds its futures ready cannot starve the other
 * tasks on its worker.
 *
 * <h2>State</h2>
 * <pre>
 * field        values                  meaning
 * wait         0 / WOKEN / HELD / PINNED
 *                                      WOKEN: the coroutine waker fired since await last looked;
 *                                      HELD: the body is suspended in await, its continuation held;
 *                                      PINNED: the body is blocking its carrier in await (pinned)
 * phase        OUTSIDE / POLLING / WOKEN_IN_POLL / YIELDING
 *                                      the body's place in await: polling the future; woken by its
 *                                      own thread during that poll; about to suspend (plain field)
 * readyInStep  0 .. Coop.BUDGET - 1    awaits of this step that were ready at once (plain field)
 * </pre>
 * <pre>
 * transition                 field: from -&gt; to        method; by
 * submit of await's yield    wait: 0 -&gt; HELD           holdYielded; the stepper (CAS; if a wake came
 *                                                       first: WOKEN -&gt; 0, and the continuation is
 *                                                       submitted instead)
 * waker fires on the body's  phase: POLLING -&gt;        wakeInOwnPoll; the body itself, no atomic
 *  thread in await's poll      WOKEN_IN_POLL           instruction (a yield, a spent budget); await
 *                                                       reads it after the poll (leavePoll)
 * waker fires                wait: 0 -&gt; WOKEN          recordWake; any thread (CAS loop; WOKEN stays)
 *                            wait: HELD -&gt; 0           any thread; the caller then submits
 *                            wait: PINNED -&gt; WOKEN     any thread; then unparks the body
 * await: woken since looked  wait: WOKEN -&gt; 0          takeWoken; the body (then Thread.yield once,
 *                                                       poll again)
 * await: pinned yield        wait: 0 -&gt; PINNED -&gt; 0    blockPinned; the body (parks its carrier
 *                                                       while PINNED)
 * ready at once              readyInStep: +1, or        readyAwaitSpendsBudget; the body (at BUDGET:
 *                             BUDGET -&gt; 0              Thread.yield once)
 * step resumes the body      readyInStep: any -&gt; 0     resetReadyInStep; a step of the polling thread
 *                                                       or of a spare carrier after a monitor hand-off
 * </pre>
 *
 * <h2>Who touches which field</h2>
 * <ul>
 *   <li>{@code wait}: volatile. Wakers change it by CAS only. The body (taking a wake, ending a
 *       pinned wait) and the stepper (a wake that came before the hold) clear it with a volatile
 *       store; it is WOKEN or PINNED then, never HELD (only the hold sets HELD, and the body is
 *       not suspended), so such a store only consumes a wake, which the next poll stands for.</li>
 *   <li>{@code phase}: written by the body's thread: POLLING around each poll in await (then back
 *       to OUTSIDE), WOKEN_IN_POLL by a wake called on that thread during the poll, YIELDING just
 *       before the await's {@code Thread.yield()}; YIELDING is cleared by the submit on the
 *       stepping thread right after the freeze (the same OS thread, ordered by the yield), or by
 *       the body itself when the yield did not happen (pinned). Other threads may read a stale
 *       value in {@link #wakeInOwnPoll()}, but act on it only if they are the body's thread, so
 *       they take the CAS path. An await running inside another await's poll (a future whose poll
 *       awaits) leaves WOKEN_IN_POLL when it returns, so the outer await polls once more: both
 *       share one waker, and the inner one may have consumed the outer one's wake.</li>
 *   <li>{@code readyInStep}: reset by a step before it resumes the body (the mount orders it
 *       before the body's reads), then touched by the body only.</li>
 * </ul>
 */
abstract class AwaitState extends StepState {
    private static final VarHandle WAIT;

    static {
        try {
            WAIT = MethodHandles.lookup().findVarHandle(AwaitState.class, "wait", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int WOKEN = 1;
    private static final int HELD = 2;
    private static final int PINNED = 3;

    /** {@code phase}: the body is not in an await's poll or yield. */
    static final byte OUTSIDE = 0;
    /** {@code phase}: the body is polling the future of an await. */
    private static final byte POLLING = 1;
    /** {@code phase}: the body's own thread woke the coroutine during that poll. */
    private static final byte WOKEN_IN_POLL = 2;
    /** {@code phase}: the body is about to suspend in an await ({@code Thread.yield}). */
    private static final byte YIELDING = 3;

    @SuppressWarnings("unused") // accessed through WAIT
    private volatile int wait;
    private byte phase;
    private int readyInStep;

    /**
     * On the stepping thread, at a submission: if the body is yielding in an await, holds its
     * continuation until a wake ({@code wait: 0 -> HELD}).
     *
     * @return whether the continuation is held (not submitted); {@code false} also when a wake
     *     came first, which this consumes ({@code WOKEN -> 0}): the continuation is submitted then
     */
    final boolean holdYielded() {
        if (phase != YIELDING) return false;
        phase = OUTSIDE;
        if (WAIT.compareAndSet(this, 0, HELD)) return true;
        WAIT.setVolatile(this, 0);
        return false;
    }

    /** @return whether the body woke itself in an await's poll (recorded: that await looks at it) */
    final boolean wakeInOwnPoll() {
        if (phase != POLLING || Thread.currentThread() != thread()) return false;
        phase = WOKEN_IN_POLL;
        return true;
    }

    /**
     * The coroutine waker fired: records the wake for the body's next look, or unparks a body
     * blocking a pinned carrier, or takes a held continuation back.
     *
     * @return whether the body was suspended in await with its continuation held: the caller must
     *     submit it
     */
    final boolean recordWake() {
        while (true) {
            int w = (int) WAIT.getVolatile(this);
            if (w == WOKEN) return false;
            if (w == 0) {
                if (WAIT.compareAndSet(this, 0, WOKEN)) return false;
            } else if (w == HELD) {
                if (WAIT.compareAndSet(this, HELD, 0)) return true;
            } else if (WAIT.compareAndSet(this, PINNED, WOKEN)) {
                LockSupport.unpark(thread());
                return false;
            }
        }
    }

    /** @return whether the body is suspended in an await, its continuation held */
    final boolean isHeld() {
        return (int) WAIT.getVolatile(this) == HELD;
    }

    /** @return whether a wake came since the await last looked (now consumed); the body only */
    final boolean takeWoken() {
        if ((int) WAIT.getVolatile(this) != WOKEN) return false;
        WAIT.setVolatile(this, 0);
        return true;
    }

    /**
     * The await's yield did not happen (a native frame pins the virtual thread): block the carrier
     * until woken or interrupted. {@code LockSupport.park} on a pinned virtual thread parks its
     * carrier; {@link #recordWake()} unparks it.
     */
    final void blockPinned() {
        if (WAIT.compareAndSet(this, 0, PINNED)) {
            while ((int) WAIT.getVolatile(this) == PINNED && !Thread.currentThread().isInterrupted()) {
                LockSupport.park(this);
            }
        }
        WAIT.setVolatile(this, 0); // the wake is consumed: the next poll sees what it announced
    }

    /** @return the phase an await starts in: OUTSIDE, unless it runs inside another await's poll */
    final byte phase() {
        return phase;
    }

    /** The body polls an await's future. */
    final void enterPoll() {
        phase = POLLING;
    }

    /** @return whether the body's own thread woke the coroutine during the poll that ended */
    final boolean leavePoll() {
        boolean selfWoken = phase == WOKEN_IN_POLL;
        phase = OUTSIDE;
        return selfWoken;
    }

    /** The body is about to suspend in an await ({@code Thread.yield}): a submission now holds it. */
    final void enterYield() {
        phase = YIELDING;
    }

    /** @return whether no submission saw the await's yield (pinned): the body blocks its carrier next */
    final boolean yieldWasPinned() {
        if (phase != YIELDING) return false;
        phase = OUTSIDE;
        return true;
    }

    /**
     * On the way out of an await: inside another await's poll, that await may have lost a wake of
     * its own to this one (one waker for both), so it is told to poll its future once more.
     */
    final void leaveAwait(byte enclosing) {
        if (enclosing != OUTSIDE) phase = WOKEN_IN_POLL;
    }

    /** A step resumes the body: its count of awaits that were ready at once starts again. */
    final void resetReadyInStep() {
        readyInStep = 0;
    }

    /** @return whether this ready await spent the step's budget: the body yields the worker once */
    final boolean readyAwaitSpendsBudget() {
        if (++readyInStep < Coop.BUDGET) return false;
        readyInStep = 0;
        return true;
    }

    /** @return the lifecycle and both handshake words, for diagnostics */
    @Override
    public String toString() {
        return "Coroutine[" + (isDone() ? "done" : isCancelled() ? "cancelled" : thread() == null ? "new" : "started")
                + ", wait=" + (int) WAIT.getVolatile(this) + ", submitted=" + (isSubmitted() ? 1 : 0) + "]";
    }
}
