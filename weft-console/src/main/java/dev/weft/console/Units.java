package dev.weft.console;

import java.util.Locale;

/**
 * Durations and shares as the console prints them: {@code 850ns}, {@code 12.3us}, {@code 4.56ms},
 * {@code 7.89s}; {@code 48%}.
 *
 * {@snippet :
 * String s = Units.duration(4_560_000); // "4.56ms"
 * }
 */
final class Units {
    private Units() {}

    /** @return {@code nanos} with a unit, three significant digits; {@code -} if negative (unknown) */
    static String duration(long nanos) {
        if (nanos < 0) return "-";
        if (nanos < 1_000) return nanos + "ns";
        if (nanos < 1_000_000) return String.format(Locale.ROOT, "%.1fus", nanos / 1e3);
        if (nanos < 1_000_000_000) return String.format(Locale.ROOT, "%.2fms", nanos / 1e6);
        return String.format(Locale.ROOT, "%.2fs", nanos / 1e9);
    }

    /** @return {@code n}, or {@code -} if negative (unknown) */
    static String count(long n) {
        return n < 0 ? "-" : Long.toString(n);
    }
}
