package dev.weft.task.internal;

import java.lang.ref.Cleaner;

/**
 * The report of a failed task whose handle was dropped while the failure reached nobody: what
 * the cleaner runs once the task object (which is its handle) became unreachable. It holds the
 * failure and the executor, never the task, or the task could never become unreachable. A
 * failure that surfaced meanwhile (an await threw it, a detach reported it) is not reported again.
 *
 * {@snippet :
 * Unobserved.watch(task, failure, schedule);
 * }
 */
final class Unobserved implements Runnable {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "weft-unobserved-failures");
        t.setDaemon(true);
        return t;
    });

    private final Failure failure;
    private final Schedule schedule;

    private Unobserved(Failure failure, Schedule schedule) {
        this.failure = failure;
        this.schedule = schedule;
    }

    /**
     * Reports {@code failure} once {@code handle} is unreachable, unless it surfaced by then.
     *
     * @param handle the failed task
     * @param failure its outcome
     * @param schedule its executor, whose hook takes the report
     */
    static void watch(Object handle, Failure failure, Schedule schedule) {
        CLEANER.register(handle, new Unobserved(failure, schedule));
    }

    @Override
    public void run() {
        if (failure.isSurfaced()) return;
        failure.surfaced();
        schedule.uncaught(failure.task() + " failed, and its handle was dropped before anyone awaited it",
                failure.error());
    }
}
