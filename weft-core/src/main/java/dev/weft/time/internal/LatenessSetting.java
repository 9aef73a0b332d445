package dev.weft.time.internal;

import java.util.Set;
import jdk.jfr.SettingControl;

/**
 * The {@code lateness} setting of {@link TimerLatenessEvent}: a duration as JFR writes them
 * ({@code "5 ms"}, {@code "20 us"}, {@code "1 s"}, {@code "0 ns"}), 5 ms by default. Several
 * recordings combine to the smallest of their values, as JFR's threshold does.
 *
 * {@snippet :
 * recording.enable("dev.weft.TimerLateness").with("lateness", "2 ms");
 * }
 */
public final class LatenessSetting extends SettingControl {
    static final String DEFAULT = "5 ms";
    private volatile String value = DEFAULT;
    private volatile long nanos = parse(DEFAULT);

    /** A setting at its default, 5 ms (JFR makes one per event type). */
    public LatenessSetting() {}

    /** @return the minimum lateness in nanoseconds */
    long nanos() {
        return nanos;
    }

    @Override
    public String combine(Set<String> values) {
        String best = null;
        long min = Long.MAX_VALUE;
        for (String v : values) {
            long n = parse(v);
            if (n < min) {
                min = n;
                best = v;
            }
        }
        return best != null ? best : DEFAULT;
    }

    @Override
    public void setValue(String v) {
        long n = parse(v);
        value = v;
        nanos = n;
    }

    @Override
    public String getValue() {
        return value;
    }

    /**
     * @param v a duration: a whole number and a unit (ns, us, ms, s, m, h, d)
     * @return it in nanoseconds; the default's if {@code v} is not one (JFR passes settings through unchecked)
     */
    static long parse(String v) {
        String[] p = v == null ? new String[0] : v.trim().split("\\s+");
        if (p.length == 2) {
            try {
                long n = Long.parseLong(p[0]);
                long unit = switch (p[1]) {
                    case "ns" -> 1L;
                    case "us" -> 1_000L;
                    case "ms" -> 1_000_000L;
                    case "s" -> 1_000_000_000L;
                    case "m" -> 60_000_000_000L;
                    case "h" -> 3_600_000_000_000L;
                    case "d" -> 86_400_000_000_000L;
                    default -> -1L;
                };
                if (unit > 0 && n >= 0) return Math.multiplyExact(n, unit);
            } catch (NumberFormatException | ArithmeticException e) {
                // not a duration: the default below
            }
        }
        return 5_000_000L;
    }
}
