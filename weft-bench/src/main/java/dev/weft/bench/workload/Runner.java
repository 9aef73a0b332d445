package dev.weft.bench.workload;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the workloads of WORKLOADS.md: each (workload, implementation) in fresh JVMs, round by
 * round, every implementation once a round, the order rotated by one each round so that none
 * always runs first (three implementations: a b c, then b c a, then c a b, ...). For each
 * implementation it prints the median of its runs:
 * <pre>
 * RESULT impl=&lt;name&gt; workload=&lt;W&gt; value=&lt;median&gt; unit=&lt;unit&gt; extra=min=...,max=...,n=5,cpu_ns_per_op=&lt;median&gt;[,...]
 * </pre>
 * on standard output; progress goes to standard error. In {@code extra}: the smallest and largest
 * run, the number of runs, the median over the runs of the process CPU time per operation (below),
 * then the child's own extras (p50, p99, counts ...) of the median run: the run whose value is the
 * median (for an even number of runs, the lower of the two middle ones), so the extras printed
 * belong to the value printed.
 *
 * <p>{@code cpu_ns_per_op}: each child measures its own process CPU time (every thread: workers,
 * JIT compiler, GC) over the measured pass only, warm-up excluded, and divides it by the pass's
 * operations (tasks, yields, round trips, timers, idle tasks, spawns); W6's is the server
 * process's CPU time over the load generator's measured interval per round trip. CPU time leaves
 * out the steal time of this shared machine; the wall-clock value does not. With a child that
 * gives none the key is left out.
 *
 * <p>{@code --raw FILE}: every run's line goes to FILE as the run ends (details in {@link RawLine}):
 * <pre>
 * RAW workload=W3 impl=weft round=2 slot=1 status=ok value=812345.6 unit=roundtrips/s cpu_ns_per_op=2301.4 extra=pairs=1000,...
 * RAW workload=W3 impl=vthreads round=2 slot=2 status=failed exit=1
 * </pre>
 * space-separated fields in this order: the workload, the implementation, the round (from 1), the
 * run's place in its round (from 1), ok or failed, and for a run that ended well the child's value
 * and unit, its {@code cpu_ns_per_op} ({@code nan} if it gave none) and its extras as it printed
 * them; for a failed run its exit code. With {@code --plot DIR}, every run's value is drawn ({@link Plots}:
 * {@code DIR/<W>.png} and {@code DIR/index.html}). Children run {@link RunOne} with the java of
 * this JVM ({@code java.home}), {@code -Xmx8g}, the module flags Weft needs, for virtual threads
 * {@code -Djdk.virtualThreadScheduler.parallelism=2}, and the flags the workload asks for
 * ({@link Workload#jvmFlags}: W8's {@code sts}, on virtual threads with a preview API, gets
 * {@code --enable-preview} and that parallelism).
 *
 * {@snippet lang=shell :
 * weft-bench/run W1 W2 W7                  # the measured runs (5 JVMs per implementation)
 * weft-bench/run --quick --runs 1 W1       # a quick look
 * weft-bench/run --quick --plot out W1 W2  # with figures: out/W1.png, out/W2.png, out/index.html
 * weft-bench/run --raw runs.txt W3         # and every run's line in runs.txt
 * weft-bench/run --warmups 20 W2 W3        # the JIT's steady state: 20 warm-up passes, not 1
 * weft-bench/run --aot W3 W7               # Weft's JVMs with an ahead-of-time cache (--aot-cache FILE here)
 * }
 *
 * <p>{@code --aot-cache FILE} starts the JVMs of Weft's implementations whose flags are the
 * runner's own with {@code -XX:AOTCache=FILE}; {@code weft-bench/run --aot} trains that file first
 * ({@link TrainingRun}) with the same flags, since a JVM refuses a cache trained with others.
 *
 * <p>{@code --warmups N} sets the warm-up passes before each measured pass of the workloads that
 * are measured in passes (W1, W2, W3, W7, W8); their {@code RESULT} lines then end in
 * {@code warmups=N}. WORKLOADS.md's protocol is one warm-up pass, the default. On this 2-core
 * machine the pass after it is often still being compiled ({@code weft-bench/RESULTS.md}).
 */
public final class Runner {
    private static final List<String> JVM_FLAGS = List.of(
            "-Xmx8g",
            "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--enable-native-access=ALL-UNNAMED");

    private Runner() {}

    /**
     * @param args workload ids (none: all), {@code --quick}, {@code --runs N} (default 5),
     *     {@code --warmups N} (default: the workloads' one), {@code --plot DIR}, {@code --raw FILE}
     * @throws Exception if a child failed
     */
    public static void main(String[] args) throws Exception {
        RunnerOptions o = RunnerOptions.parse(args);
        List<String> ids = o.ids().isEmpty() ? Registry.ids() : o.ids();
        Plots plots = o.plot() == null ? null : new Plots(o.plot());
        PrintWriter raw = null;
        if (o.raw() != null) {
            if (o.raw().toAbsolutePath().getParent() != null) Files.createDirectories(o.raw().toAbsolutePath().getParent());
            raw = new PrintWriter(Files.newBufferedWriter(o.raw(), StandardCharsets.UTF_8), true);
        }
        boolean failed = false;
        try {
            for (String id : ids) {
                Optional<Workload> w = Registry.load(id);
                if (w.isEmpty()) {
                    System.err.println("[runner] " + id + ": not built yet, skipped");
                    continue;
                }
                failed |= !runWorkload(w.get(), o, plots, raw);
            }
        } finally {
            if (raw != null) raw.close();
        }
        if (failed) System.exit(1);
    }

    private static boolean runWorkload(Workload w, RunnerOptions o, Plots plots, PrintWriter raw)
            throws IOException, InterruptedException {
        Map<String, List<ChildResult>> results = new LinkedHashMap<>();
        for (String impl : w.impls()) results.put(impl, new ArrayList<>());
        boolean ok = true;
        for (int round = 1; round <= o.runs(); round++) {
            List<String> order = order(w.impls(), round);
            for (int slot = 1; slot <= order.size(); slot++) {
                String impl = order.get(slot - 1);
                System.err.printf("[runner] %s %s run %d/%d%n", w.id(), impl, round, o.runs());
                Outcome r = runChild(w, impl, o);
                if (raw != null) raw.println(new RawLine(w.id(), impl, round, slot, r.result(), r.exit()).format());
                if (r.result() == null) ok = false;
                else results.get(impl).add(r.result());
            }
        }
        Map<String, List<Double>> values = new LinkedHashMap<>();
        String unit = null;
        for (Map.Entry<String, List<ChildResult>> e : results.entrySet()) {
            if (e.getValue().isEmpty()) continue;
            System.out.println(summary(w.id(), e.getKey(), e.getValue()));
            values.put(e.getKey(), e.getValue().stream().map(ChildResult::number).toList());
            if (unit == null) unit = e.getValue().getFirst().unit();
        }
        if (plots != null && !values.isEmpty()) plots.add(new Plots.Figure(w.id(), unit, values));
        return ok;
    }

    /**
     * @param impls the implementations, in the workload's order
     * @param round the round, from 1
     * @return the order of that round: {@code impls} rotated left by {@code round - 1}, so each
     *     implementation runs first once every {@code impls.size()} rounds
     */
    static List<String> order(List<String> impls, int round) {
        int n = impls.size();
        List<String> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) order.add(impls.get((i + round - 1) % n));
        return order;
    }

    /**
     * @param workload the workload id
     * @param impl the implementation
     * @param runs its successful runs, in run order (at least one)
     * @return its {@code RESULT} line: the median value, min, max, n, the median
     *     {@code cpu_ns_per_op}, and the median run's own extras
     */
    static String summary(String workload, String impl, List<ChildResult> runs) {
        List<Double> v = runs.stream().map(ChildResult::number).toList();
        ChildResult median = runs.get(medianRun(v));
        StringBuilder extra = new StringBuilder(String.format(Locale.ROOT, "min=%.1f,max=%.1f,n=%d",
                v.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                v.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), v.size()));
        List<Double> cpu = runs.stream().map(ChildResult::cpuPerOp).filter(c -> !Double.isNaN(c)).toList();
        if (!cpu.isEmpty()) extra.append(String.format(Locale.ROOT, ",%s=%.1f", Measured.CPU_KEY, Plots.median(cpu)));
        String own = median.extraWithoutCpu();
        if (!own.isEmpty()) extra.append(',').append(own);
        return String.format(Locale.ROOT, "RESULT impl=%s workload=%s value=%.1f unit=%s extra=%s",
                impl, workload, Plots.median(v), median.unit(), extra);
    }

    /**
     * @param inOrder one value per run, in run order
     * @return the index of the median run: the middle one by value, the lower of the two middle
     *     ones for an even count (its extras are the ones printed)
     */
    static int medianRun(List<Double> inOrder) {
        Integer[] idx = new Integer[inOrder.size()];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        Arrays.sort(idx, (a, b) -> Double.compare(inOrder.get(a), inOrder.get(b)));
        return idx[(idx.length - 1) / 2];
    }

    /**
     * How a child ended.
     *
     * @param result its {@code RESULT}, or null if it failed
     * @param exit its exit code
     */
    private record Outcome(ChildResult result, int exit) {}

    private static Outcome runChild(Workload w, String impl, RunnerOptions o) throws IOException, InterruptedException {
        String id = w.id();
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(JVM_FLAGS);
        if (impl.equals("vthreads")) cmd.add("-Djdk.virtualThreadScheduler.parallelism=2");
        cmd.addAll(w.jvmFlags(impl));
        if (o.warmups() >= 0) cmd.add("-D" + Peers.WARMUPS_PROPERTY + "=" + o.warmups());
        // the cache was trained with JVM_FLAGS alone: a JVM with other flags would refuse it
        if (o.aotCache() != null && impl.startsWith("weft") && w.jvmFlags(impl).isEmpty()) cmd.add("-XX:AOTCache=" + o.aotCache());
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), RunOne.class.getName(), id, impl));
        if (o.quick()) cmd.add("--quick");
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        ChildResult result = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("RESULT ")) result = ChildResult.parse(line);
                else System.err.println("[" + id + " " + impl + "] " + line);
            }
        }
        int exit = p.waitFor();
        if (exit != 0 || result == null) {
            System.err.printf("[runner] %s %s failed (exit %d)%n", id, impl, exit);
            return new Outcome(null, exit);
        }
        return new Outcome(result, exit);
    }
}
