package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Poll;
import dev.weft.internal.Drivers;
import dev.weft.task.Task;
import dev.weft.time.internal.Timers;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.management.ObjectName;
import org.HdrHistogram.Histogram;

/**
 * What one sleeping task of W4's {@code weft} implementation keeps alive, class by class, and what
 * a whole W4 pass allocates per task.
 *
 * <p>Kept alive: N tasks of W4's own {@link W4Timers.SleepTask} are spawned as W4 spawns them,
 * each sleeping far longer than the measurement; once all N timers are registered (the plateau),
 * the class histogram of live objects ({@code GC.class_histogram}, which collects first) is
 * compared with the one taken before the spawn. Each class that grew by at least N/10 instances
 * or N bytes is printed with its instances and bytes per task. Allocated: the bytes allocated by all threads
 * ({@code getTotalThreadAllocatedBytes}) across the spawn-to-plateau phase, and across one whole W4
 * pass (100,000 tasks, W4's delays), divided by N.
 *
 * {@snippet lang=shell :
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.W4Footprint [N]
 * }
 */
public final class W4Footprint {
    private static final int LONG_SLEEP_MS = 600_000;
    /** The collector's filler arrays (unused heap space), not objects anybody allocated. */
    private static final String G1_FILLER = "[Ljdk.internal.vm.FillerElement;";
    private static final long PLATEAU_PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private W4Footprint() {}

    /**
     * @param args optionally the number of tasks (default 100,000)
     * @throws Exception if the plateau is not reached or the histogram cannot be read
     */
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (WeftRuntime rt = Peers.weft()) {
            W4Timers.weft(rt, n, newHistogram()); // warm-up: load and compile what a pass runs
            long passBefore = allocatedBytes();
            W4Timers.weft(rt, n, newHistogram());
            long passBytes = allocatedBytes() - passBefore;

            W4Timers.Shared shared = new W4Timers.Shared(newHistogram(), n);
            Map<String, long[]> before = liveHistogram();
            long spawnBefore = allocatedBytes();
            rt.blockOn(cx -> {
                for (int i = 0; i < n; i++) Task.spawn(new W4Timers.SleepTask(LONG_SLEEP_MS, shared)).detach();
                return Poll.ready(null);
            });
            awaitRegistered(rt, n);
            long spawnBytes = allocatedBytes() - spawnBefore;
            Map<String, long[]> plateau = liveHistogram();

            System.out.printf(Locale.ROOT, "live per sleeping task (N=%d), classes that grew by >= N/10 instances or >= N bytes:%n", n);
            System.out.printf(Locale.ROOT, "%-60s %10s %10s%n", "class", "objects", "bytes");
            double objects = 0;
            double bytes = 0;
            for (Map.Entry<String, long[]> e : sortedByBytes(diff(before, plateau))) {
                long[] d = e.getValue();
                if ((d[0] < n / 10 && d[1] < n) || e.getKey().equals(G1_FILLER)) continue;
                objects += d[0] / (double) n;
                bytes += d[1] / (double) n;
                System.out.printf(Locale.ROOT, "%-60s %10.2f %10.1f%n", e.getKey(), d[0] / (double) n, d[1] / (double) n);
            }
            System.out.printf(Locale.ROOT, "%-60s %10.2f %10.1f%n", "total", objects, bytes);
            System.out.printf(Locale.ROOT, "allocated per task, spawn to plateau: %.1f B%n", spawnBytes / (double) n);
            System.out.printf(Locale.ROOT, "allocated per task, one whole W4 pass (spawn, sleep, fire, complete): %.1f B%n",
                    passBytes / (double) n);
        }
        System.exit(0);
    }

    private static Histogram newHistogram() {
        return new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
    }

    /** Waits until {@code n} timers are in the wheel of {@code rt}: every task has been polled once. */
    private static void awaitRegistered(WeftRuntime rt, int n) throws InterruptedException {
        long deadline = System.nanoTime() + PLATEAU_PATIENCE_NANOS;
        while (registeredTimers(rt) < n) {
            if (System.nanoTime() - deadline > 0) throw new IllegalStateException("plateau not reached");
            Thread.sleep(10);
        }
    }

    /** @return the timers in the wheel of {@code rt}, asked by a task on one of its workers */
    private static int registeredTimers(WeftRuntime rt) {
        return rt.blockOn(rt.spawn(cx -> Poll.ready(Drivers.currentOrNull(Timers.KEY).size())));
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
    }

    /** @return class name to {instances, bytes} of the live objects (after a full collection) */
    private static Map<String, long[]> liveHistogram() throws Exception {
        String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        Map<String, long[]> m = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            // " 1:   100000   3200000  dev.weft.task.internal.RawTask (weft.core@...)"
            if (f.length < 4 || !f[0].endsWith(":")) continue;
            m.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
        }
        return m;
    }

    private static Map<String, long[]> diff(Map<String, long[]> before, Map<String, long[]> after) {
        Map<String, long[]> d = new HashMap<>();
        for (Map.Entry<String, long[]> e : after.entrySet()) {
            long[] b = before.getOrDefault(e.getKey(), new long[2]);
            d.put(e.getKey(), new long[] {e.getValue()[0] - b[0], e.getValue()[1] - b[1]});
        }
        return d;
    }

    private static List<Map.Entry<String, long[]>> sortedByBytes(Map<String, long[]> m) {
        List<Map.Entry<String, long[]>> l = new ArrayList<>(m.entrySet());
        l.sort((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]));
        return l;
    }
}
