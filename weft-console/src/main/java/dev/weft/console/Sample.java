package dev.weft.console;

import java.util.List;

/**
 * What the console read of one runtime at one moment, through its MBean
 * ({@code dev.weft:type=Runtime,name=...}).
 *
 * {@snippet :
 * List<Sample> now = Sampler.sampleAll(server);
 * }
 *
 * @param runtime the runtime's name
 * @param taskStats whether its tasks keep statistics (else the task figures are -1)
 * @param liveTasks tasks spawned and not yet finished
 * @param workers its workers
 * @param tasks its live tasks
 * @param atNanos when the sample was read, on this JVM's {@code System.nanoTime()}
 * @param blockedWorkers one line per call site whose poll held a worker longer than the runtime's
 *     blocked-worker threshold (empty if none, or the runtime's Weft is older than the detector)
 * @param wovenBodies {@code Weft.async} bodies made on its workers that were woven
 * @param stackfulBodies {@code Weft.async} bodies made on its workers that run stackful, their class not woven
 */
record Sample(String runtime, boolean taskStats, long liveTasks, List<Worker> workers, List<Task> tasks, long atNanos,
        List<String> blockedWorkers, long wovenBodies, long stackfulBodies) {

    /**
     * One worker.
     *
     * @param name the thread's name
     * @param polls polls since it started
     * @param busyNanos time outside park since it started
     * @param queue tasks in its local queue and LIFO slot
     */
    record Worker(String name, long polls, long busyNanos, int queue) {}

    /**
     * One task: the components of the runtime's {@code TaskRow}.
     *
     * @param id its id
     * @param state idle, scheduled, running or cancelling
     * @param inStateNanos time since its last state change
     * @param busyNanos time inside its polls
     * @param scheduledNanos time queued
     * @param idleNanos time waiting for a wake
     * @param polls polls
     * @param wakes wakes
     * @param selfWakes wakes during its own poll
     * @param longestPollNanos its longest poll
     * @param spawnSite where it was spawned (empty if statistics are off)
     * @param waitsOn what it waits on, one line per level
     * @param scopes the task scopes it is under, one line per scope, innermost first: an id, a
     *     space, then {@code name (policy, state, n alive, t ms left)} ({@link ScopeTree}); empty
     *     if it is no scope's child, or the runtime's Weft is older than scopes
     * @param context its task-local bindings, {@code key=value, ...}; empty if none
     */
    record Task(String id, String state, long inStateNanos, long busyNanos, long scheduledNanos, long idleNanos,
            long polls, long wakes, long selfWakes, long longestPollNanos, String spawnSite, String waitsOn,
            String scopes, String context) {

        /** @return the spawn site, or else the innermost await site, or else "?" */
        String location() {
            if (!spawnSite.isEmpty()) return spawnSite;
            String[] lines = waitsOn.split("\n");
            return lines.length > 0 && !lines[0].isEmpty() ? lines[lines.length - 1] : "?";
        }
    }
}
