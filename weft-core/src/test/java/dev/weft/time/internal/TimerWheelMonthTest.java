package dev.weft.time.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A simulated 30-day run of the wheel: 10^6 timers with deadlines on every level (1 ms to 30 days),
 * starting 15 days before the wheel's span wraps (so the run crosses into a new 2^36 ms block and
 * the overflow list is filed again), time advancing in irregular jumps. Every timer fires exactly
 * once, never before its deadline, and never later than the first poll at or after it.
 */
class TimerWheelMonthTest {
    private static final long DAY = 24L * 3_600_000L;
    private static final int TIMERS = 1_000_000;

    /** An entry that knows its index and counts how often it came out. */
    static final class Counted extends TimerEntry {
        int fired;
    }

    @Test
    @Timeout(120)
    void thirtyDaysOfAMillionTimersFireEachExactlyOnceOnTime() {
        SplittableRandom rnd = new SplittableRandom(30);
        long start = TimerWheel.SPAN - 15 * DAY;
        TimerWheel wheel = new TimerWheel(start);
        Counted[] entries = new Counted[TIMERS];
        long[] deadlines = new long[TIMERS];
        for (int i = 0; i < TIMERS; i++) {
            // a level picked uniformly, then a deadline uniform within that level's range
            int level = rnd.nextInt(6);
            long range = Math.min(1L << (6 * (level + 1)), 30 * DAY);
            long lo = level == 0 ? 1 : Math.min(1L << (6 * level), range - 1);
            long d = lo + rnd.nextLong(range - lo + 1);
            entries[i] = new Counted();
            deadlines[i] = start + d;
            assertThat(wheel.insert(entries[i], deadlines[i])).isTrue();
        }
        long[] sorted = deadlines.clone();
        Arrays.sort(sorted);
        long now = start;
        long end = start + 30 * DAY + 1;
        long fired = 0;
        int due = 0; // timers whose deadline is at or before now
        while (now < end) {
            long jump = switch (rnd.nextInt(4)) {
                case 0 -> 1 + rnd.nextLong(64);
                case 1 -> 1 + rnd.nextLong(10_000);
                case 2 -> 1 + rnd.nextLong(600_000);
                default -> 1 + rnd.nextLong(DAY / 4);
            };
            now = Math.min(now + jump, end);
            for (TimerEntry e; (e = wheel.poll(now)) != null; ) {
                Counted c = (Counted) e;
                assertThat(c.when).as("fired early").isLessThanOrEqualTo(now);
                c.fired++;
                fired++;
            }
            while (due < TIMERS && sorted[due] <= now) due++;
            assertThat(fired).as("fired by tick %d (late or lost otherwise)", now).isEqualTo(due);
        }
        assertThat(fired).isEqualTo(TIMERS);
        assertThat(wheel.size()).isZero();
        for (Counted c : entries) assertThat(c.fired).isEqualTo(1);
        assertThat(now - start).isGreaterThan(30 * DAY);
        assertThat(end).as("the run crossed the wheel's span").isGreaterThan(TimerWheel.SPAN);
    }
}
