package dev.weft.exec;

/**
 * What one worker of a runtime has done since it started: a snapshot of counters the worker
 * keeps for itself (one add each, no atomic instruction), read racily, so a snapshot taken while
 * the runtime runs may be a little stale but never torn. {@link WeftRuntime#metrics()} gives one per
 * worker.
 *
 * {@snippet :
 * for (WorkerMetrics w : rt.metrics().workers()) {
 *     System.out.println(w.name() + " busy " + w.busyNanos() / 1_000_000 + " ms, " + w.polls() + " polls");
 * }
 * }
 *
 * @param name the worker thread's name
 * @param polls polls of tasks it ran
 * @param steals batches it stole from other workers' queues
 * @param parks times it went idle (drove the timers and reactor, or slept)
 * @param lifoHits polls of a task taken from its LIFO slot (a task woken by the one before it)
 * @param budgetYields times a task spent the cooperative budget and the next task from the LIFO
 *     slot was sent to the back of the queue instead
 * @param localQueueDepth tasks in its local queue and LIFO slot now
 * @param busyNanos time spent outside park since it started (running tasks or looking for them)
 */
public record WorkerMetrics(String name, long polls, long steals, long parks, long lifoHits, long budgetYields,
        int localQueueDepth, long busyNanos) {}
