package dev.weft.future;

import dev.weft.future.internal.Wakes;
import java.util.Arrays;

/**
 * The children a combinator cancelled that have not finished cancelling yet: what its
 * {@link Future#pollCancel(Context)} (or its own answer, held back meanwhile) waits for. Each
 * child's {@code pollCancel} is polled until it is ready, then the child is forgotten. One child
 * needs no array; more grow one. Owner only (the combinator's polling task).
 *
 * {@snippet :
 * Unwinding unwinding = new Unwinding();
 * loser.cancel();
 * unwinding.add(loser);
 * if (unwinding.poll(cx).isPending()) return Poll.pending(); // the loser's finally blocks still run
 * }
 */
final class Unwinding {
    private Future<?> first;
    private Future<?>[] more;
    private int moreSize;

    /** @param cancelled a child whose {@code cancel()} was called */
    void add(Future<?> cancelled) {
        if (first == null) {
            first = cancelled;
            return;
        }
        if (more == null) more = new Future<?>[4];
        else if (moreSize == more.length) more = Arrays.copyOf(more, moreSize * 2);
        more[moreSize++] = cancelled;
    }

    /** @return whether no child is still cancelling */
    boolean isEmpty() {
        return first == null && moreSize == 0;
    }

    /**
     * Polls every child still cancelling; those that are done are forgotten.
     *
     * @param cx the owner's context
     * @return ready once none is left
     */
    Poll<Void> poll(Context cx) {
        if (first != null && drained(first, cx)) first = null;
        int kept = 0;
        for (int i = 0; i < moreSize; i++) {
            Future<?> f = more[i];
            more[i] = null;
            if (!drained(f, cx)) more[kept++] = f;
        }
        moreSize = kept;
        return isEmpty() ? Poll.ready(null) : Poll.pending();
    }

    /**
     * Polls one cancelled future's {@code pollCancel}: a future that breaks its contract by throwing
     * there has its throwable reported (the runtime's failure hook) and counts as done.
     *
     * @param cancelled the future, or {@code null}
     * @param cx the owner's context
     * @return whether it finished cancelling ({@code true} for {@code null})
     */
    static boolean drained(Future<?> cancelled, Context cx) {
        if (cancelled == null) return true;
        try {
            return cancelled.pollCancel(cx).isReady();
        } catch (Throwable t) {
            Wakes.report(t);
            return true;
        }
    }
}
