package dev.weft.exec.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Which workers are searching for work and which are parked (Tokio's {@code idle.rs}).
 *
 * <h2>State</h2>
 * <pre>
 * state     low 16 bits: number of searching workers; high 16 bits: number of unparked workers
 * sleepers  stack of the indices of parked workers                       guarded by this
 * </pre>
 * <pre>
 * transition              effect on state                     when
 * toSearching             searching+1, if 2*searching < n as     a worker with no local work starts stealing
 *                         read just before (see below)
 * fromSearching           searching-1; true if it was the last   a searcher found a task
 * toParked                unparked-1 (and searching-1), push     a worker parks
 * workerToNotify          searching+1, unparked+1, pop           someone made work and nobody searches
 * unparkById              unparked+1, remove                     a worker woke by itself with work
 * </pre>
 * Searchers are limited to about half of the workers, a soft bound: {@code toSearching} reads the
 * count and then adds one (two atomic steps, not one CAS), so workers that pass the check at the
 * same moment all start, and a worker woken by {@code workerToNotify} counts as a searcher without
 * the check. The bound only keeps thieves from crowding the queues (Tokio's {@code idle.rs} allows
 * the same overshoot); nothing relies on it. Work is announced only when nobody searches; the last
 * searcher to park re-checks every queue, so no work is left behind ({@code Scheduler}).
 * {@code state} is read and written with volatile (sequentially consistent) accesses. Publishers of
 * work read it after a full fence ({@link #workerToNotify}, through {@link VarHandleFence}), except
 * a worker's push into its own queue, which reads it with {@link #wouldWake} and fences once when
 * its poll returns ({@code Worker}: announcing work).
 */
final class Idle {
    private static final int UNPARK_SHIFT = 16;
    private static final int UNPARK_ONE = 1 << UNPARK_SHIFT;
    private static final int SEARCH_MASK = UNPARK_ONE - 1;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Idle.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int workers;
    private final int[] sleepers;
    private int sleeping;
    private volatile int state; // read as a field, changed through STATE

    Idle(int workers) {
        this.workers = workers;
        this.sleepers = new int[workers];
        STATE.setVolatile(this, workers << UNPARK_SHIFT);
    }

    boolean toSearching() {
        int s = state;
        if (2 * (s & SEARCH_MASK) >= workers) return false;
        STATE.getAndAdd(this, 1);
        return true;
    }

    /** @return whether the caller was the last searcher (it must then wake another worker) */
    boolean fromSearching() {
        int prev = (int) STATE.getAndAdd(this, -1);
        return (prev & SEARCH_MASK) == 1;
    }

    /** @return whether the caller was the last searcher (it must then re-check every queue) */
    boolean toParked(int worker, boolean searching) {
        synchronized (this) {
            int prev = (int) STATE.getAndAdd(this, -(UNPARK_ONE + (searching ? 1 : 0)));
            sleepers[sleeping++] = worker;
            return searching && (prev & SEARCH_MASK) == 1;
        }
    }

    private boolean shouldWake() {
        VarHandleFence.full();
        return wouldWake();
    }

    /**
     * Whether a worker would be woken now: nobody searches and some worker is parked. No fence of
     * its own: the read may come before the caller's own earlier stores are visible to others.
     *
     * @return whether {@link #workerToNotify()} would pick a worker
     */
    boolean wouldWake() {
        int s = state;
        return (s & SEARCH_MASK) == 0 && (s >>> UNPARK_SHIFT) < workers;
    }

    /** @return the index of a parked worker now counted as unparked and searching, or -1 */
    int workerToNotify() {
        if (!shouldWake()) return -1;
        synchronized (this) {
            if (!shouldWake() || sleeping == 0) return -1;
            int w = sleepers[--sleeping];
            STATE.getAndAdd(this, UNPARK_ONE + 1);
            return w;
        }
    }

    /** @return {@code true} if the worker was still parked and is now counted as unparked */
    boolean unparkById(int worker) {
        synchronized (this) {
            for (int i = 0; i < sleeping; i++) {
                if (sleepers[i] == worker) {
                    sleepers[i] = sleepers[--sleeping];
                    STATE.getAndAdd(this, UNPARK_ONE);
                    return true;
                }
            }
            return false;
        }
    }

    @Override
    public String toString() {
        int s = state;
        return "Idle[searching=" + (s & SEARCH_MASK) + ", unparked=" + (s >>> UNPARK_SHIFT) + ", sleeping=" + sleeping + "]";
    }

    boolean isParked(int worker) {
        synchronized (this) {
            for (int i = 0; i < sleeping; i++) if (sleepers[i] == worker) return true;
            return false;
        }
    }
}
