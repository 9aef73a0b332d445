package dev.weft.task;

/**
 * Where a live task is, as a task dump sees it ({@code WeftRuntime.dumpTasks()}). A dump is a
 * snapshot: by the time it is read the task may have moved on.
 *
 * {@snippet :
 * for (TaskDump d : runtime.dumpTasks()) {
 *     if (d.state() == TaskState.IDLE) System.out.println(d.id() + " waits on " + d.waitsOn());
 * }
 * }
 */
public enum TaskState {
    /** Waiting for a waker: its last poll answered pending and nothing has woken it since. */
    IDLE("idle"),
    /** Woken and queued, not yet polled again. */
    SCHEDULED("scheduled"),
    /** Being polled now, by a worker. */
    RUNNING("running"),
    /** Cancelled, its future still unwinding (a cleanup await in a {@code finally}). */
    CANCELLING("cancelling"),
    /** Has its outcome. A dump leaves such tasks out; a statistics row may still show one. */
    COMPLETED("completed");

    private final String label;

    TaskState(String label) {
        this.label = label;
    }

    /** @return the state's name as dumps print it: {@code idle}, {@code scheduled}, ... */
    @Override
    public String toString() {
        return label;
    }
}
