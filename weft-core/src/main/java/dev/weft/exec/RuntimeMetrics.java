package dev.weft.exec;

import java.util.List;

/**
 * A snapshot of a runtime's counters and queue depths ({@link WeftRuntime#metrics()}); each number is
 * read racily, so the parts may be from slightly different instants. The same figures are
 * attributes of the runtime's JMX MBean ({@code dev.weft:type=Runtime,name=<name>}) and of the
 * periodic JFR event {@code dev.weft.RuntimeMetrics}.
 *
 * {@snippet :
 * RuntimeMetrics m = rt.metrics();
 * System.out.println(m.liveTasks() + " tasks, " + m.totalPolls() + " polls, " + m.timersArmed() + " timers");
 * }
 *
 * @param name the runtime's name (its thread-name prefix, made unique)
 * @param workers one entry per worker
 * @param liveTasks tasks spawned and not yet finished
 * @param injectionQueueDepth tasks in the injection queue (spawned or woken from outside the workers)
 * @param blockingThreads threads of the runtime's blocking pool
 * @param blockingQueued blocking jobs waiting for a thread
 * @param timersArmed timer entries in the runtime's wheel
 * @param sourcesRegistered channels registered with the runtime's reactor
 * @param blockedPolls polls that held a worker longer than the blocked-worker threshold
 *     ({@link WeftRuntime.Builder#blockedWorkerThreshold}), at any call site; 0 with detection off
 * @param wovenBodies {@code Weft.async} bodies made on the workers that the weaver had compiled
 *     into state machines
 * @param stackfulBodies {@code Weft.async} bodies made on the workers that run as stackful
 *     coroutines because their class was not woven (explicit {@code Coroutine.async} calls are
 *     not counted)
 */
public record RuntimeMetrics(String name, List<WorkerMetrics> workers, long liveTasks, int injectionQueueDepth,
        int blockingThreads, int blockingQueued, int timersArmed, int sourcesRegistered, long blockedPolls,
        long wovenBodies, long stackfulBodies) {

    /** A snapshot; the list is copied. */
    public RuntimeMetrics {
        workers = List.copyOf(workers);
    }

    /** @return polls summed over the workers */
    public long totalPolls() {
        long n = 0;
        for (WorkerMetrics w : workers) n += w.polls();
        return n;
    }

    /** @return busy time summed over the workers, in nanoseconds */
    public long totalBusyNanos() {
        long n = 0;
        for (WorkerMetrics w : workers) n += w.busyNanos();
        return n;
    }
}
