package dev.weft.exec;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/** The blocked-worker threshold of {@link WeftRuntime.Builder#blockedWorkerThreshold}: its default and its checks. */
final class BlockedWorkerThreshold {
    /** The system property that sets the default threshold, in milliseconds ({@code 0}: off). */
    static final String PROPERTY = "weft.blockedWorkerThresholdMillis";
    /** The default: 100 ms. */
    static final long DEFAULT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private BlockedWorkerThreshold() {}

    /** @return the threshold the property names, else the default */
    static long fromProperty() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) return DEFAULT_NANOS;
        try {
            return nanos(Duration.ofMillis(Long.parseLong(v.strip())));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + " must be a number of milliseconds: " + v, e);
        }
    }

    /** @return {@code threshold} in nanoseconds, 0 for off; @throws IllegalArgumentException if negative or below 1 ms */
    static long nanos(Duration threshold) {
        Objects.requireNonNull(threshold, "threshold");
        if (threshold.isZero()) return 0;
        if (threshold.isNegative() || threshold.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("blocked-worker threshold must be zero (off) or at least 1 ms: " + threshold);
        }
        return WeftRuntime.Builder.checkedTimeoutNanos(threshold);
    }
}
