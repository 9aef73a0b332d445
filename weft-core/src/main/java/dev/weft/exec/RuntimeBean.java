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
 * while another live runtime has that name. Made by the runtime's constructor and registered with
 * the platform MBean server by a thread of its own ({@code <name>jmx}, unless the builder turned
 * the bean off: then it only feeds the periodic JFR event), unregistered by the runtime's shutdown.
 *
 * <p>Why a thread: the first registration in a JVM creates the platform MBean server and registers
 * the JDK's own beans, 50 to 75 ms of a runtime's build even with an ahead-of-time cache (measured
 * with {@code WeftRuntime.builder().build()} in a fresh JVM: 118 to 143 ms with the bean
 * registered in the constructor, 64 to 69 ms without it), nearly all of it before a server's
 * first answer. Done beside the start, it is off that path; the bean is in the server some tens of
 * milliseconds after {@code build()} returns.
 *
 * <p>State: {@code NAMES} is guarded by its own lock; the bean holds the runtime and reads it
 * racily. Registration: {@code registrar} (null when the bean is off) is started once by
 * {@link #register} and ends after the bean is in the server or the failure was logged;
 * {@link #unregister()} joins it first, so the bean is never registered after its runtime shut
 * down.
 * <pre>
 * registrar    NONE (bean off)   RUNNING --(registered, or failure logged)--> ENDED
 * unregister   any state: joins RUNNING, then removes the bean if the server has it
 * </pre>
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
    /** The thread that puts the bean into the platform MBean server; null if the bean is off. */
    private final Thread registrar;

    private RuntimeBean(WeftRuntime rt, ObjectName objectName, boolean jmx) {
        this.rt = rt;
        this.objectName = objectName;
        this.registrar = jmx ? Thread.ofPlatform().daemon().name(rt.name() + "jmx").unstarted(this::registerInServer) : null;
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
     * Makes the bean of {@code rt}, for the periodic JFR event, and starts its registration with
     * the platform MBean server if {@code jmx}.
     *
     * @param rt the runtime, named already
     * @param jmx whether to register it ({@code WeftRuntime.Builder.managementBean})
     * @return the bean, to {@link #unregister()} at shutdown
     */
    static RuntimeBean register(WeftRuntime rt, boolean jmx) {
        ObjectName on;
        try {
            on = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(rt.name()));
        } catch (JMException e) {
            throw new IllegalStateException("no MBean name for runtime " + rt.name(), e);
        }
        RuntimeBean bean = new RuntimeBean(rt, on, jmx);
        LIVE.add(bean);
        if (bean.registrar != null) bean.registrar.start();
        return bean;
    }

    /** The registrar's body: the bean into the platform MBean server, or a warning saying why not. */
    private void registerInServer() {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, objectName);
        } catch (JMException | RuntimeException e) {
            System.getLogger("dev.weft").log(System.Logger.Level.WARNING,
                    "the MBean of Weft runtime " + rt.name() + " is not in the platform MBean server: " + e, e);
        }
    }

    /** Waits until the registration has ended (the bean is in the server, or its failure was logged). */
    void awaitRegistration() {
        if (registrar == null) return;
        boolean interrupted = false;
        while (true) {
            try {
                registrar.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** Unregisters the bean (after its registration has ended) and frees the runtime's name. */
    void unregister() {
        LIVE.remove(this);
        if (registrar != null) {
            awaitRegistration();
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
