package dev.weft.bench.workload;

import java.util.Locale;

/**
 * One line of the {@link Runner}'s {@code --raw FILE}: one run of one implementation, written as
 * soon as the run ends. Space-separated {@code key=value} fields in this order, no value holding a
 * space:
 * <pre>
 * RAW workload=W3 impl=weft round=2 slot=1 status=ok value=812345.6 unit=roundtrips/s cpu_ns_per_op=2301.4 extra=pairs=1000,...
 * RAW workload=W3 impl=vthreads round=2 slot=2 status=failed exit=1
 * </pre>
 * {@code round} counts from 1; {@code slot} is the run's place in its round (1 = ran first; the
 * order rotates each round). {@code value}, {@code unit} and {@code extra} are the child's
 * {@code RESULT} fields as it printed them ({@code extra} may be empty); {@code cpu_ns_per_op} is
 * copied out of {@code extra} ({@code nan} when the child gave none).
 *
 * @param workload the workload id
 * @param impl the implementation
 * @param round the round, from 1
 * @param slot the place in the round, from 1
 * @param run the child's result, or null if it failed
 * @param exit the child's exit code
 */
record RawLine(String workload, String impl, int round, int slot, ChildResult run, int exit) {

    /** @return the line, without its line break */
    String format() {
        String head = String.format(Locale.ROOT, "RAW workload=%s impl=%s round=%d slot=%d", workload, impl, round, slot);
        if (run == null) return head + " status=failed exit=" + exit;
        double cpu = run.cpuPerOp();
        return head + " status=ok value=" + run.value() + " unit=" + run.unit() + " " + Measured.CPU_KEY + "="
                + (Double.isNaN(cpu) ? "nan" : String.format(Locale.ROOT, "%.1f", cpu)) + " extra=" + run.extra();
    }
}
