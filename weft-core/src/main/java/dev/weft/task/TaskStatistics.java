package dev.weft.task;

/**
 * What one task has done, as of one moment: kept only while per-task statistics are on
 * ({@code WeftRuntime.builder().taskStats(true)}, or {@code -Dweft.taskStats=true} for every runtime
 * built with the defaults), and shown by {@code WeftRuntime.dumpTasks()}, the runtime's MBean and
 * {@code weft-console}. Times are in nanoseconds; busy + scheduled + idle is the task's age.
 *
 * {@snippet :
 * try (WeftRuntime rt = WeftRuntime.builder().taskStats(true).build()) {
 *     rt.spawn(Future.pending()).detach();
 *     for (TaskDump t : rt.dumpTasks()) {
 *         TaskStatistics s = t.stats();
 *         System.out.println(t.id() + " spawned at " + s.spawnSite() + ", " + s.polls() + " polls");
 *     }
 * }
 * }
 *
 * @param spawnSite where it was spawned: the first stack frame outside weft-core, as
 *     {@code Class.method(File.java:line)}, or {@code "unknown"}
 * @param polls polls that returned (or threw)
 * @param wakes wakes from any thread, counted also when they coalesced with an earlier one
 * @param selfWakes wakes by the thread polling the task, during that poll (a yield, a spent budget)
 * @param busyNanos time inside its polls, the one running now included
 * @param scheduledNanos time spent queued: from the wake that queued it to the start of the poll
 * @param idleNanos the rest of its life: time waiting for a wake
 * @param longestPollNanos its longest poll so far
 * @param inStateNanos time since its last state change (a wake, a poll's start or end)
 * @param ageNanos time since it was spawned
 * @param sinceFirstPollNanos time since its first poll began; -1 if it was never polled
 * @param sinceLastPollNanos time since its last poll ended; -1 if no poll has ended yet
 */
public record TaskStatistics(String spawnSite, long polls, long wakes, long selfWakes, long busyNanos,
        long scheduledNanos, long idleNanos, long longestPollNanos, long inStateNanos, long ageNanos,
        long sinceFirstPollNanos, long sinceLastPollNanos) {}
