package dev.weft.exec;

/**
 * The JMX view of one {@link WeftRuntime}, registered as {@code dev.weft:type=Runtime,name=<name>}
 * while the runtime runs, so JConsole, VisualVM, {@code jcmd <pid> VM.system_properties}-style
 * tools and {@code weft-console} can read it. Attributes are the figures of {@link RuntimeMetrics};
 * {@link #dumpTasks()} is the task dump, {@link #taskTable()} the same as JMX open data (what
 * {@code weft-console} reads), {@link #getWorkerTable()} the workers' figures.
 *
 * {@snippet :
 * MBeanServer server = ManagementFactory.getPlatformMBeanServer();
 * ObjectName name = new ObjectName("dev.weft:type=Runtime,name=\"app-\"");
 * long live = (Long) server.getAttribute(name, "LiveTasks");
 * }
 */
public interface WeftRuntimeMXBean {
    /** @return the runtime's name */
    String getName();

    /** @return the number of workers */
    int getWorkers();

    /** @return tasks spawned and not yet finished */
    long getLiveTasks();

    /** @return polls summed over the workers */
    long getTotalPolls();

    /** @return busy time summed over the workers, in nanoseconds */
    long getTotalBusyNanos();

    /** @return tasks in the injection queue */
    int getInjectionQueueDepth();

    /** @return blocking-pool threads */
    int getBlockingThreads();

    /** @return blocking jobs waiting for a thread */
    int getBlockingQueued();

    /** @return timer entries armed */
    int getTimersArmed();

    /** @return channels registered with the reactor */
    int getSourcesRegistered();

    /** @return polls that held a worker longer than the blocked-worker threshold ({@link RuntimeMetrics#blockedPolls()}) */
    long getBlockedPolls();

    /** @return one line per call site that blocked a worker ({@link BlockedWorker#message()}), in the order found */
    String[] getBlockedWorkerReports();

    /** @return {@code Weft.async} bodies made on the workers that were woven ({@link RuntimeMetrics#wovenBodies()}) */
    long getWovenBodies();

    /** @return {@code Weft.async} bodies made on the workers that run stackful ({@link RuntimeMetrics#stackfulBodies()}) */
    long getStackfulBodies();

    /** @return one line per worker: name, polls, steals, parks, LIFO hits, budget yields, queue depth, busy ms */
    String[] getWorkerSummaries();

    /**
     * @return {@link WeftRuntime#dumpTasks()} as a tree ({@link TaskDump#tree}): the tasks under their
     *     task scopes, each scope with its policy, state and time left, under its parent
     */
    String dumpTasks();

    /** @return whether the runtime's tasks keep statistics ({@link WeftRuntime.Builder#taskStats(boolean)}) */
    boolean isTaskStats();

    /** @return one row per worker, the figures of {@link WorkerMetrics} (open data for JMX clients) */
    WorkerMetrics[] getWorkerTable();

    /**
     * @return the task dump as a table, one {@link TaskRow} per live task (open data for JMX
     *     clients), with each task's scope path and context as text
     */
    TaskRow[] taskTable();
}
