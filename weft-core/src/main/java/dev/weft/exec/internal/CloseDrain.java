package dev.weft.exec.internal;

import dev.weft.task.internal.RawTask;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The end of an executor's close: the tasks that the close cancelled and whose futures are still
 * cancelling (a stackful body that was blocked in a JDK call and unwinds after the interrupt, a
 * woven body whose cleanup awaits a shielded future) run on the closing thread, as their wakes
 * put them into the injection queue, until each has completed or the deadline has passed. A
 * closed executor would otherwise drop them half-way, their {@code finally} blocks never run.
 *
 * {@snippet :
 * Set<RawTask<?>> unwinding = CloseDrain.newSet();
 * for (RawTask<?> t : waiting) if (!t.shutdown()) unwinding.add(t);
 * CloseDrain.run(unwinding, inject, deadline);
 * }
 */
public final class CloseDrain {
    private static final long NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private CloseDrain() {}

    /** @return an empty set of tasks by identity, for the tasks still unwinding */
    public static java.util.Set<RawTask<?>> newSet() {
        return java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    }

    /**
     * @param unwinding the cancelled tasks that have not completed
     * @param inject the executor's injection queue, where wakes put tasks once it is closed
     * @param deadlineNanos a {@link System#nanoTime()} deadline
     * @return whether every task completed in time
     */
    public static boolean run(Collection<RawTask<?>> unwinding, InjectQueue<RawTask<?>> inject, long deadlineNanos) {
        while (true) {
            unwinding.removeIf(RawTask::isCompleted);
            if (unwinding.isEmpty()) return true;
            RawTask<?> t = inject.pop();
            if (t != null) {
                t.run();
                continue;
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) return false;
            LockSupport.parkNanos(Math.min(left, NAP_NANOS)); // a wake only queues: no one to unpark us
        }
    }
}
