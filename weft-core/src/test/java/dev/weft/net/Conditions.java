package dev.weft.net;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition with a bound, without sleeping blindly. */
final class Conditions {
    private Conditions() {}

    static void await(String what, Duration bound, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) throw new AssertionError("timed out waiting for " + what);
            Thread.sleep(1); // polling interval of a bounded wait, not a guess at timing
        }
    }
}
