package dev.weft.bench.workload;

import java.util.List;

/**
 * One of the workloads W1-W8 of WORKLOADS.md, for Weft and its peers.
 *
 * <p>The runner calls {@link #run(String, boolean)} once per fresh JVM, for one implementation;
 * the implementation does its own warm-up pass first and measures the second pass.
 */
public interface Workload {

    /** @return the id, e.g. {@code "W1"} */
    String id();

    /** @return the implementations this workload can run, Weft's first ({@code "weft"}, {@code "vthreads"}, ...) */
    List<String> impls();

    /**
     * The JVM flags an implementation needs beyond those every child JVM gets; the {@link Runner}
     * adds them (and gives {@code impl=vthreads} its scheduler parallelism itself).
     *
     * @param impl one of {@link #impls()}
     * @return its flags; none by default
     */
    default List<String> jvmFlags(String impl) {
        return List.of();
    }

    /**
     * Runs the warm-up pass and the measured pass of one implementation.
     *
     * @param impl one of {@link #impls()}
     * @param quick scale the parameters down for a quick look
     * @return the measured pass
     * @throws Exception if the run failed (a wrong sum, a lost message): never a silent result
     */
    Result run(String impl, boolean quick) throws Exception;

    /**
     * A measured value.
     *
     * @param value the number
     * @param unit its unit, e.g. {@code "tasks/s"}
     * @param extra extra {@code key=value} pairs, comma-separated, or empty; every workload gives
     *     {@code cpu_ns_per_op}, its process CPU time over the measured pass per operation
     *     ({@link Measured}), of which the {@link Runner} prints the median over the runs
     */
    record Result(double value, String unit, String extra) {}
}
