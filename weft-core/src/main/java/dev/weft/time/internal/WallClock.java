package dev.weft.time.internal;

import java.time.Instant;

/**
 * A clock that also knows the wall-clock time that goes with its readings (a simulation's virtual
 * clock): {@code Time.sleepUntil(Instant)} measures the distance to its deadline from this
 * instant instead of from {@link Instant#now()}, so that inside a simulation the real date never
 * decides anything.
 *
 * {@snippet :
 * Instant now = clock instanceof WallClock w ? w.instant() : Instant.now();
 * }
 */
public interface WallClock {
    /** @return the wall-clock time of the clock's current reading */
    Instant instant();
}
