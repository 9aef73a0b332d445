package dev.weft.time.internal;

import dev.weft.driver.internal.Driver;
import dev.weft.driver.internal.Poller;
import dev.weft.time.MonotonicClock;

/** A driver with timers of its own on a clock, composed as a runtime composes them. */
final class TimedDriver {
    private TimedDriver() {}

    static Driver of(MonotonicClock clock, Poller poller, String fallbackName) {
        Driver d = new Driver(poller, fallbackName);
        d.drive(new Timers(clock, d::wakeup));
        return d;
    }

    static Timers timersOf(Driver d) {
        return (Timers) d.deadlines();
    }
}
