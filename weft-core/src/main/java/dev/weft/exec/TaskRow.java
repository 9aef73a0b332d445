package dev.weft.exec;

import dev.weft.task.TaskStatistics;

/**
 * One row of the task table of a runtime's MBean ({@link WeftRuntimeMXBean#taskTable()}): a
 * {@link TaskDump} entry flattened to simple values, which JMX turns into open data
 * ({@code CompositeData} with one item per component), so any JMX client (JConsole,
 * {@code weft-console}) reads it without Weft's classes. Figures are -1 and the spawn site empty
 * while task statistics are off; times are in nanoseconds.
 *
 * {@snippet :
 * MBeanServer server = ManagementFactory.getPlatformMBeanServer();
 * ObjectName name = new ObjectName("dev.weft:type=Runtime,name=\"app-\"");
 * CompositeData[] rows = (CompositeData[]) server.invoke(name, "taskTable", null, null);
 * long busy = (Long) rows[0].get("busyNanos");
 * String scopes = (String) rows[0].get("scopes"); // "5e2de80c request (FailFast, open, 2 alive, 1998 ms left)"
 * }
 *
 * @param id the task's id
 * @param state idle, scheduled, running or cancelling
 * @param inStateNanos time since its last state change
 * @param busyNanos time inside its polls
 * @param scheduledNanos time queued between a wake and the poll it led to
 * @param idleNanos time waiting for a wake
 * @param polls polls that returned
 * @param wakes wakes
 * @param selfWakes wakes during its own poll, by the polling thread
 * @param longestPollNanos its longest poll
 * @param ageNanos time since it was spawned
 * @param spawnSite where it was spawned
 * @param waitsOn what it waits on, one line per level, outermost first
 * @param scopes the task scopes it is under, one line per scope, innermost first (its own scope,
 *     then that one's parent, ...): the scope's {@link ScopeDump#id() id}, a space, then
 *     {@code name (policy, state, n alive, t ms left)}; empty if it is no scope's child. A client
 *     builds the scope tree from the ids (lines with one id are one scope; the next line is its
 *     parent) and shows the rest of the line as it is
 * @param context its task-local bindings but the scope ({@link TaskDump#context()}); empty if none
 */
public record TaskRow(String id, String state, long inStateNanos, long busyNanos, long scheduledNanos, long idleNanos,
        long polls, long wakes, long selfWakes, long longestPollNanos, long ageNanos, String spawnSite, String waitsOn,
        String scopes, String context) {

    /**
     * A row under no scope, without bindings: the components before scopes were shown, kept for
     * code that makes rows itself.
     *
     * @param id the task's id
     * @param state its state
     * @param inStateNanos time since its last state change
     * @param busyNanos time inside its polls
     * @param scheduledNanos time queued
     * @param idleNanos time waiting for a wake
     * @param polls polls that returned
     * @param wakes wakes
     * @param selfWakes self-wakes
     * @param longestPollNanos its longest poll
     * @param ageNanos time since it was spawned
     * @param spawnSite where it was spawned
     * @param waitsOn what it waits on
     */
    public TaskRow(String id, String state, long inStateNanos, long busyNanos, long scheduledNanos, long idleNanos,
            long polls, long wakes, long selfWakes, long longestPollNanos, long ageNanos, String spawnSite, String waitsOn) {
        this(id, state, inStateNanos, busyNanos, scheduledNanos, idleNanos, polls, wakes, selfWakes, longestPollNanos,
                ageNanos, spawnSite, waitsOn, "", "");
    }

    /**
     * @param t a dump entry
     * @return its row
     */
    static TaskRow of(TaskDump t) {
        TaskStatistics s = t.stats();
        String waits = String.join("\n", t.waitsOn());
        String scopes = String.join("\n", t.scopes().stream().map(d -> d.id() + " " + d).toList());
        if (s == null) return new TaskRow(t.id(), t.state().toString(), -1, -1, -1, -1, -1, -1, -1, -1, -1, "", waits, scopes, t.context());
        return new TaskRow(t.id(), t.state().toString(), s.inStateNanos(), s.busyNanos(), s.scheduledNanos(), s.idleNanos(),
                s.polls(), s.wakes(), s.selfWakes(), s.longestPollNanos(), s.ageNanos(), s.spawnSite(), waits, scopes, t.context());
    }
}
