package dev.weft.coro.styled;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition with a bound (no sleeping "for" something). */
final class Conditions {
    private Conditions() {}

    static void await(String what, Duration bound, BooleanSupplier condition) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) throw new AssertionError("timed out waiting for " + what);
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
