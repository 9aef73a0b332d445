package dev.weft.bench.workload;

/**
 * The {@code RESULT} line of one child JVM ({@link RunOne}):
 * {@code RESULT impl=... workload=... value=<v> unit=<u> extra=<k=v,k=v,...>}.
 *
 * @param value the measured value as printed
 * @param unit its unit
 * @param extra the comma-separated extras, or empty
 */
record ChildResult(String value, String unit, String extra) {

    /**
     * @param line a {@code RESULT} line
     * @return its value, unit and extra
     * @throws IllegalArgumentException if the line has no value
     */
    static ChildResult parse(String line) {
        String value = null;
        String unit = "";
        String extra = "";
        for (String kv : line.substring(line.indexOf(' ') + 1).split(" ")) {
            int eq = kv.indexOf('=');
            if (eq < 0) continue;
            String v = kv.substring(eq + 1);
            switch (kv.substring(0, eq)) {
                case "value" -> value = v;
                case "unit" -> unit = v;
                case "extra" -> extra = v;
                default -> { }
            }
        }
        if (value == null) throw new IllegalArgumentException("no value in " + line);
        return new ChildResult(value, unit, extra);
    }

    /** @return the value as a number */
    double number() {
        return Double.parseDouble(value);
    }

    /** @return the {@code cpu_ns_per_op} extra, or NaN if there is none */
    double cpuPerOp() {
        for (String kv : extra.split(",")) {
            if (kv.startsWith(Measured.CPU_KEY + "=")) return Double.parseDouble(kv.substring(Measured.CPU_KEY.length() + 1));
        }
        return Double.NaN;
    }

    /** @return the extras without {@code cpu_ns_per_op} (the runner prints the median over runs instead) */
    String extraWithoutCpu() {
        StringBuilder sb = new StringBuilder();
        for (String kv : extra.split(",")) {
            if (kv.isEmpty() || kv.startsWith(Measured.CPU_KEY + "=")) continue;
            if (!sb.isEmpty()) sb.append(',');
            sb.append(kv);
        }
        return sb.toString();
    }
}
