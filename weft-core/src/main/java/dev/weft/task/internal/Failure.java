package dev.weft.task.internal;

/**
 * The outcome of a task whose poll threw: kept as the task's output so the handle can rethrow it.
 * {@code surfaced} is set once the failure reached somebody (an await of the handle threw it, or
 * it was reported to the failure hook), so that the report made when a dropped handle is collected
 * ({@link Unobserved}) happens only for a failure that reached nobody.
 */
final class Failure {
    private final Throwable error;
    private final String task;
    private volatile boolean surfaced;

    /**
     * @param error what {@code poll} threw
     * @param task the task, described for a report
     */
    Failure(Throwable error, String task) {
        this.error = error;
        this.task = task;
    }

    /** @return the task, described for a report */
    String task() {
        return task;
    }

    /** @return what the task threw */
    Throwable error() {
        return error;
    }

    /** The failure reached somebody. */
    void surfaced() {
        surfaced = true;
    }

    /** @return whether it reached somebody */
    boolean isSurfaced() {
        return surfaced;
    }
}
