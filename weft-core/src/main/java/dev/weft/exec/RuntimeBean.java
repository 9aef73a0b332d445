package dev.weft.exec;

import dev.weft.internal.FlightRecorderGate;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A runtime's JMX MBean ({@link WeftRuntimeMXBean}), and the names of the runtimes alive in this
 * JVM: a runtime is named after its thread-name prefix, with {@code #2}, {@code #3}, ... appended
 * while another live runtime has that name. Registered by the runtime's constructor (unless the
 * builder turned it off: then it only feeds the periodic JFR event), unregistered
 * by its shutdown.
 *
 * <p>State: {@code NAMES} is guarded by its own lock; the bean holds the runtime and reads it racily.
 */
final class RuntimeBean implements WeftRuntimeMXBean {
    private static final Set<String> NAMES = new HashSet<>();
    /** The beans of the runtimes alive now, for the periodic JFR event. */
    private static final Set<RuntimeBean> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        // once JFR is up: naming the event class here would load it, and start JFR's machinery
        FlightRecorderGate.whenOpen(() -> jdk.jfr.FlightRecorder.addPeriodicEvent(
                dev.weft.exec.internal.RuntimeMetricsEvent.class, RuntimeBean::emitMetrics));
    }

    /** The periodic hook: one {@code dev.weft.RuntimeMetrics} event per live runtime. */
    private static void emitMetrics() {
        for (RuntimeBean b : LIVE) {
            RuntimeMetrics m = b.rt.metrics();
            dev.weft.exec.internal.RuntimeMetricsEvent e = new dev.weft.exec.internal.RuntimeMetricsEvent();
            e.runtime = m.name();
            e.workers = m.workers().size();
            e.liveTasks = m.liveTasks();
            e.polls = m.totalPolls();
            e.steals = m.workers().stream().mapToLong(WorkerMetrics::steals).sum();
            e.parks = m.workers().stream().mapToLong(WorkerMetrics::parks).sum();
            e.busy = m.totalBusyNanos();
            e.injectionQueue = m.injectionQueueDepth();
            e.blockingThreads = m.blockingThreads();
            e.blockingQueued = m.blockingQueued();
            e.timersArmed = m.timersArmed();
            e.sources = m.sourcesRegistered();
            e.blockedPolls = m.blockedPolls();
            e.wovenBodies = m.wovenBodies();
            e.stackfulBodies = m.stackfulBodies();
            e.commit();
        }
    }

    private final WeftRuntime rt;
    private final ObjectName objectName;
    /** Whether the bean is in the platform MBean server (else it only feeds the periodic JFR event). */
    private final boolean registered;

    private RuntimeBean(WeftRuntime rt, ObjectName objectName, boolean registered) {
        this.rt = rt;
        this.objectName = objectName;
        this.registered = registered;
    }

    /** @return {@code prefix}, or {@code prefix#n} if a live runtime has that name already */
    static String claimName(String prefix) {
        synchronized (NAMES) {
            String name = prefix;
            for (int n = 2; !NAMES.add(name); n++) name = prefix + "#" + n;
            return name;
        }
    }

    /**
     * Makes the bean of {@code rt}, for the periodic JFR event, and registers it with the platform
     * MBean server if {@code jmx}.
     *
     * @param rt the runtime, named already
     * @param jmx whether to register it ({@code WeftRuntime.Builder.managementBean})
     * @return the bean, to {@link #unregister()} at shutdown
     */
    static RuntimeBean register(WeftRuntime rt, boolean jmx) {
        try {
            ObjectName on = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(rt.name()));
            RuntimeBean bean = new RuntimeBean(rt, on, jmx);
            if (jmx) ManagementFactory.getPlatformMBeanServer().registerMBean(bean, on);
            LIVE.add(bean);
            return bean;
        } catch (JMException e) {
            throw new IllegalStateException("cannot register the MBean of runtime " + rt.name(), e);
        }
    }

    /** Unregisters the bean and frees the runtime's name. */
    void unregister() {
        LIVE.remove(this);
        if (registered) {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            try {
                if (server.isRegistered(objectName)) server.unregisterMBean(objectName);
            } catch (JMException e) {
                // already gone: nothing to undo
            }
        }
        synchronized (NAMES) {
            NAMES.remove(rt.name());
        }
    }

    /** @return the bean's object name */
    ObjectName objectName() {
        return objectName;
    }

    @Override
    public String getName() {
        return rt.name();
    }

    @Override
    public int getWorkers() {
        return rt.executor().workers();
    }

    @Override
    public long getLiveTasks() {
        return rt.liveTasks();
    }

    @Override
    public long getTotalPolls() {
        return rt.metrics().totalPolls();
    }

    @Override
    public long getTotalBusyNanos() {
        return rt.metrics().totalBusyNanos();
    }

    @Override
    public int getInjectionQueueDepth() {
        return rt.metrics().injectionQueueDepth();
    }

    @Override
    public int getBlockingThreads() {
        return rt.metrics().blockingThreads();
    }

    @Override
    public int getBlockingQueued() {
        return rt.metrics().blockingQueued();
    }

    @Override
    public int getTimersArmed() {
        return rt.metrics().timersArmed();
    }

    @Override
    public int getSourcesRegistered() {
        return rt.metrics().sourcesRegistered();
    }

    @Override
    public long getBlockedPolls() {
        return rt.metrics().blockedPolls();
    }

    @Override
    public String[] getBlockedWorkerReports() {
        return rt.blockedWorkers().stream().map(BlockedWorker::message).toArray(String[]::new);
    }

    @Override
    public long getWovenBodies() {
        return rt.metrics().wovenBodies();
    }

    @Override
    public long getStackfulBodies() {
        return rt.metrics().stackfulBodies();
    }

    @Override
    public String[] getWorkerSummaries() {
        List<WorkerMetrics> ws = rt.metrics().workers();
        String[] out = new String[ws.size()];
        for (int i = 0; i < out.length; i++) {
            WorkerMetrics w = ws.get(i);
            out[i] = w.name() + " polls=" + w.polls() + " steals=" + w.steals() + " parks=" + w.parks()
                    + " lifoHits=" + w.lifoHits() + " budgetYields=" + w.budgetYields()
                    + " queue=" + w.localQueueDepth() + " busyMs=" + w.busyNanos() / 1_000_000;
        }
        return out;
    }

    @Override
    public String dumpTasks() {
        return TaskDump.tree(rt.dumpTasks());
    }

    @Override
    public boolean isTaskStats() {
        return rt.taskStats();
    }

    @Override
    public WorkerMetrics[] getWorkerTable() {
        return rt.metrics().workers().toArray(WorkerMetrics[]::new);
    }

    @Override
    public TaskRow[] taskTable() {
        return rt.dumpTasks().stream().map(TaskRow::of).toArray(TaskRow[]::new);
    }
}
