package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * What a runtime costs to start in a fresh JVM: {@code WeftRuntime.builder().build()}, its first task
 * ({@code blockOn(spawn(ready))}) and its close, in milliseconds, and the JVM's uptime at the end.
 * Run it in a fresh JVM each time (the first runtime of a JVM pays the JDK's one-time costs):
 *
 * {@snippet lang=shell :
 * for i in 1 2 3 4 5; do java -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.StartCost; done
 * java -Dweft.managementBean=false -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.StartCost
 * }
 */
public final class StartCost {
    private StartCost() {}

    /**
     * @param args none
     * @throws Exception if the first task failed
     */
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        WeftRuntime rt = WeftRuntime.builder().build();
        long t1 = System.nanoTime();
        rt.blockOn(rt.spawn(Future.ready(1)));
        long t2 = System.nanoTime();
        rt.close();
        long t3 = System.nanoTime();
        System.out.println(String.format(Locale.ROOT, "START build_ms=%.1f first_task_ms=%.1f close_ms=%.1f uptime_ms=%d",
                (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, ManagementFactory.getRuntimeMXBean().getUptime()));
    }
}
