package dev.weft.internal;

/** Holds the {@link IdleDriver} of threads outside any runtime; written when the shared driver is made, read by idle threads. */
final class IdleDrivers {
    static volatile IdleDriver current = IdleDriver.NONE;

    private IdleDrivers() {}
}
