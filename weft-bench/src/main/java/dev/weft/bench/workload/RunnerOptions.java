package dev.weft.bench.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link Runner}'s command line:
 * {@code [--quick] [--runs N] [--warmups N] [--plot DIR] [--raw FILE] [--aot-cache FILE] [W1 W2 ...]}.
 *
 * @param quick scale the workloads down for a quick look
 * @param runs fresh JVMs per implementation (default 5)
 * @param warmups warm-up passes before each measured pass, or -1 for the workloads' own default
 *     (WORKLOADS.md's one); only workloads measured in passes use it (not W4, W5 and W6)
 * @param plot where the figures go, or null for none
 * @param raw the file that gets one line per run ({@link RawLine}), or null for none
 * @param aotCache an ahead-of-time cache for the JVMs of Weft's implementations ({@code weft...})
 *     whose flags are those it was trained with, or null for none
 * @param ids the workload ids in the order given; empty for all
 */
record RunnerOptions(boolean quick, int runs, int warmups, Path plot, Path raw, Path aotCache, List<String> ids) {
    static final int DEFAULT_RUNS = 5;

    RunnerOptions {
        ids = List.copyOf(ids);
    }

    /**
     * @param args the command line
     * @return the options it gives
     * @throws IllegalArgumentException for an option without its value, an unknown option, a run
     *     count below 1 or a negative warm-up count
     */
    static RunnerOptions parse(String... args) {
        boolean quick = false;
        int runs = DEFAULT_RUNS;
        int warmups = -1;
        Path plot = null;
        Path raw = null;
        Path aotCache = null;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--runs" -> {
                    runs = count(args, ++i, "--runs");
                    if (runs < 1) throw new IllegalArgumentException("--runs needs a count of 1 or more, got " + runs);
                }
                case "--warmups" -> {
                    warmups = count(args, ++i, "--warmups");
                    if (warmups < 0) throw new IllegalArgumentException("--warmups needs a count of 0 or more, got " + warmups);
                }
                case "--plot" -> plot = Path.of(valueOf(args, ++i, "--plot needs a directory"));
                case "--raw" -> raw = Path.of(valueOf(args, ++i, "--raw needs a file"));
                case "--aot-cache" -> aotCache = Path.of(valueOf(args, ++i, "--aot-cache needs a file"));
                default -> {
                    if (args[i].startsWith("--")) throw new IllegalArgumentException("unknown option " + args[i]);
                    ids.add(args[i]);
                }
            }
        }
        return new RunnerOptions(quick, runs, warmups, plot, raw, aotCache, ids);
    }

    private static int count(String[] args, int i, String option) {
        String n = valueOf(args, i, option + " needs a count");
        try {
            return Integer.parseInt(n);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a count, got " + n, e);
        }
    }

    private static String valueOf(String[] args, int i, String missing) {
        if (i >= args.length || args[i].startsWith("--")) throw new IllegalArgumentException(missing);
        return args[i];
    }
}
