package dev.weft.internal;

/** Holds the process-wide {@link IdleDriver}; written once when the reactor starts, read by idle threads. */
final class IdleDrivers {
    static volatile IdleDriver current = IdleDriver.NONE;

    private IdleDrivers() {}
}
