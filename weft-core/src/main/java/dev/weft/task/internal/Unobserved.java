package dev.weft.task.internal;

import java.lang.ref.Cleaner;
import java.util.function.Consumer;

/**
 * The report of a failed task whose failure reached nobody while its handle was held: given why
 * nobody can take the failure any more, it hands it to the executor's failure hook, unless it
 * surfaced meanwhile (an await threw it, a detach reported it), so a failure is reported once. By
 * default ({@link Schedule#watchUnobserved}) the report runs when the task object, which is its
 * handle, became unreachable: the cleaner holds this report, which holds the failure and the
 * executor, never the task, or the task could never become unreachable.
 *
 * {@snippet :
 * schedule.watchUnobserved(task, new Unobserved(failure, schedule));
 * }
 */
final class Unobserved implements Consumer<String> {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "weft-unobserved-failures");
        t.setDaemon(true);
        return t;
    });

    private final Failure failure;
    private final Schedule schedule;

    /**
     * @param failure the task's outcome
     * @param schedule its executor, whose hook takes the report
     */
    Unobserved(Failure failure, Schedule schedule) {
        this.failure = failure;
        this.schedule = schedule;
    }

    /**
     * Runs {@code report} once {@code handle} is unreachable.
     *
     * @param handle the failed task
     * @param report its report
     */
    static void whenCollected(Object handle, Consumer<String> report) {
        CLEANER.register(handle, () -> report.accept("its handle was dropped before anyone awaited it"));
    }

    @Override
    public void accept(String why) {
        if (failure.isSurfaced()) return;
        failure.surfaced();
        schedule.uncaught(failure.task() + " failed, and " + why, failure.error());
    }
}
