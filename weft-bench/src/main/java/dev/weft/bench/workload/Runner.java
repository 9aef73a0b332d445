package dev.weft.bench.workload;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the workloads of WORKLOADS.md: each (workload, implementation) in fresh JVMs, interleaved
 * (weft, peer, peer, weft, peer, peer, ...), and prints for each the median of the runs:
 * <pre>
 * RESULT impl=&lt;name&gt; workload=&lt;W&gt; value=&lt;median&gt; unit=&lt;unit&gt; extra=min=...,max=...,n=5[,...]
 * </pre>
 * on standard output, where {@code extra} holds the child's own extras of the median run (for an even
 * number of runs, the lower of the two middle ones); progress goes to standard error. With
 * {@code --plot DIR}, every run's value is drawn ({@link Plots}: {@code DIR/<W>.png} and
 * {@code DIR/index.html}). Children run {@link RunOne} with the java of
 * this JVM ({@code java.home}), {@code -Xmx8g}, the module flags Weft needs and, for virtual threads,
 * {@code -Djdk.virtualThreadScheduler.parallelism=2}.
 *
 * {@snippet lang=shell :
 * weft-bench/run W1 W2 W7                 # the measured runs (5 JVMs per implementation)
 * weft-bench/run --quick --runs 1 W1      # a quick look
 * weft-bench/run --quick --plot out W1 W2 # with figures: out/W1.png, out/W2.png, out/index.html
 * }
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
     *     {@code --plot DIR}
     * @throws Exception if a child failed
     */
    public static void main(String[] args) throws Exception {
        boolean quick = false;
        int runs = 5;
        Plots plots = null;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--plot" -> {
                    if (i + 1 >= args.length) throw new IllegalArgumentException("--plot needs a directory");
                    plots = new Plots(java.nio.file.Path.of(args[++i]));
                }
                default -> ids.add(args[i]);
            }
        }
        if (ids.isEmpty()) ids.addAll(Registry.ids());
        boolean failed = false;
        for (String id : ids) {
            Optional<Workload> w = Registry.load(id);
            if (w.isEmpty()) {
                System.err.println("[runner] " + id + ": not built yet, skipped");
                continue;
            }
            failed |= !runWorkload(w.get(), quick, runs, plots);
        }
        if (failed) System.exit(1);
    }

    private static boolean runWorkload(Workload w, boolean quick, int runs, Plots plots) throws IOException, InterruptedException {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        Map<String, List<String>> extras = new LinkedHashMap<>();
        boolean ok = true;
        for (int run = 1; run <= runs; run++) {
            for (String impl : w.impls()) {
                System.err.printf("[runner] %s %s run %d/%d%n", w.id(), impl, run, runs);
                Optional<String[]> r = runChild(w.id(), impl, quick);
                if (r.isEmpty()) {
                    ok = false;
                    continue;
                }
                values.computeIfAbsent(impl, k -> new ArrayList<>()).add(Double.parseDouble(r.get()[0]));
                units.put(impl, r.get()[1]);
                extras.computeIfAbsent(impl, k -> new ArrayList<>()).add(r.get()[2]);
            }
        }
        for (Map.Entry<String, List<Double>> e : values.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            String extra = String.format(Locale.ROOT, "min=%.1f,max=%.1f,n=%d", v[0], v[v.length - 1], v.length);
            String childExtra = extras.get(e.getKey()).get(medianRun(e.getValue()));
            if (childExtra != null && !childExtra.isEmpty()) extra += "," + childExtra;
            System.out.printf(Locale.ROOT, "RESULT impl=%s workload=%s value=%.1f unit=%s extra=%s%n",
                    e.getKey(), w.id(), median(v), units.get(e.getKey()), extra);
        }
        if (plots != null && !values.isEmpty()) {
            plots.add(new Plots.Figure(w.id(), units.values().iterator().next(), values));
        }
        return ok;
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

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** @return value, unit, extra of the child's RESULT line, or empty if it failed */
    private static Optional<String[]> runChild(String id, String impl, boolean quick) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(JVM_FLAGS);
        if (impl.equals("vthreads")) cmd.add("-Djdk.virtualThreadScheduler.parallelism=2");
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), RunOne.class.getName(), id, impl));
        if (quick) cmd.add("--quick");
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String[] result = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("RESULT ")) result = parse(line);
                else System.err.println("[" + id + " " + impl + "] " + line);
            }
        }
        int code = p.waitFor();
        if (code != 0 || result == null) {
            System.err.printf("[runner] %s %s failed (exit %d)%n", id, impl, code);
            return Optional.empty();
        }
        return Optional.of(result);
    }

    private static String[] parse(String line) {
        String value = null;
        String unit = "";
        String extra = "";
        for (String kv : line.substring("RESULT ".length()).split(" ")) {
            int eq = kv.indexOf('=');
            if (eq < 0) continue;
            String k = kv.substring(0, eq);
            String v = kv.substring(eq + 1);
            switch (k) {
                case "value" -> value = v;
                case "unit" -> unit = v;
                case "extra" -> extra = v;
                default -> { }
            }
        }
        if (value == null) throw new IllegalStateException("no value in " + line);
        return new String[] {value, unit, extra};
    }
}
