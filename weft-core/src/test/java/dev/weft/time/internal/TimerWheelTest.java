package dev.weft.time.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TimerWheelTest {
    private static final long HOUR = 3_600_000L;
    private static final long YEAR = 365L * 24 * HOUR;

    @Test
    void eachDeadlineAcrossLevelBoundariesFiresExactlyAtItsTickNotBefore() {
        long[] delays = {1, 2, 63, 64, 65, 127, 128, 4095, 4096, 4097, 262_143, 262_144, 262_145,
            HOUR, 5 * HOUR, 24 * HOUR, 13 * 24 * HOUR, YEAR, TimerWheel.SPAN - 1, TimerWheel.SPAN,
            TimerWheel.SPAN + 5, 3 * YEAR};
        for (long start : new long[] {0, 1, 63, 64, 4095, 1_000_003, TimerWheel.SPAN - 2}) {
            for (long d : delays) {
                TimerWheel wheel = new TimerWheel(start);
                TimerEntry e = new TimerEntry();
                long when = start + d;
                assertThat(wheel.insert(e, when)).isTrue();
                assertThat(wheel.nextExpiration()).isBetween(start, when);
                assertThat(wheel.poll(when - 1)).as("start %d delay %d: early", start, d).isNull();
                assertThat(wheel.poll(when)).as("start %d delay %d", start, d).isSameAs(e);
                assertThat(wheel.poll(when)).isNull();
                assertThat(wheel.size()).isZero();
                assertThat(wheel.isStructurallyEmpty()).isTrue();
            }
        }
    }

    @Test
    void steppingOneTickAtATimeFiresEachEntryOnItsOwnTick() {
        TimerWheel wheel = new TimerWheel(0);
        int n = 5000;
        TimerEntry[] entries = new TimerEntry[n];
        for (int i = 0; i < n; i++) {
            entries[i] = new TimerEntry();
            assertThat(wheel.insert(entries[i], i + 1)).isTrue();
        }
        for (long t = 1; t <= n; t++) {
            TimerEntry e = wheel.poll(t);
            assertThat(e).isSameAs(entries[(int) t - 1]);
            assertThat(wheel.poll(t)).isNull();
        }
        assertThat(wheel.isStructurallyEmpty()).isTrue();
    }

    @Test
    void randomDeadlinesAndJumpsNeverFireEarlyOrLate() {
        SplittableRandom rnd = new SplittableRandom(42);
        TimerWheel wheel = new TimerWheel(17);
        List<TimerEntry> live = new ArrayList<>();
        long now = 17;
        int fired = 0;
        for (int round = 0; round < 2000; round++) {
            for (int k = 0; k < 50; k++) {
                TimerEntry e = new TimerEntry();
                long d = 1 + switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextLong(64);
                    case 1 -> rnd.nextLong(5000);
                    case 2 -> rnd.nextLong(300_000);
                    default -> rnd.nextLong(50_000_000);
                };
                assertThat(wheel.insert(e, now + d)).isTrue();
                live.add(e);
            }
            now += rnd.nextInt(3) == 0 ? rnd.nextLong(1_000_000) : rnd.nextLong(100);
            TimerEntry e;
            while ((e = wheel.poll(now)) != null) {
                assertThat(e.when).isLessThanOrEqualTo(now);
                fired++;
            }
            live.removeIf(x -> x.list == TimerWheel.NONE);
            // Nothing still in the wheel is due: anything due must have been handed out.
            long overdue = 0;
            for (TimerEntry x : live) if (x.when <= now) overdue++;
            assertThat(overdue).as("round %d", round).isZero();
        }
        assertThat(fired + live.size()).isEqualTo(2000 * 50);
        assertThat(wheel.size()).isEqualTo(live.size());
    }

    @Test
    void oneMillionTimersCreatedThenCancelledLeaveNothingBehind() {
        TimerWheel wheel = new TimerWheel(0);
        int n = 1_000_000;
        TimerEntry[] entries = new TimerEntry[n];
        int inserted = 0;
        for (int i = 0; i < n; i++) {
            entries[i] = new TimerEntry();
            // spread over every level: 1 ms .. ~1 year
            if (wheel.insert(entries[i], 1 + (i * 7919L * 7919L) % YEAR)) inserted++;
        }
        assertThat(inserted).isEqualTo(n);
        assertThat(wheel.size()).isEqualTo(n);
        int removed = 0;
        for (int i = 0; i < n; i++) if (wheel.remove(entries[i])) removed++;
        assertThat(removed).isEqualTo(n);
        assertThat(wheel.size()).isZero();
        assertThat(wheel.isStructurallyEmpty()).isTrue();
        assertThat(wheel.nextExpiration()).isEqualTo(-1);
        int linked = 0;
        for (TimerEntry e : entries) if (e.list != TimerWheel.NONE || e.prev != null || e.next != null) linked++;
        assertThat(linked).isZero();
        assertThat(wheel.poll(2 * YEAR)).isNull();
    }

    @Test
    void cancellingFromTheMiddleOfASlotKeepsTheOthers() {
        TimerWheel wheel = new TimerWheel(0);
        TimerEntry a = new TimerEntry();
        TimerEntry b = new TimerEntry();
        TimerEntry c = new TimerEntry();
        wheel.insert(a, 10);
        wheel.insert(b, 10);
        wheel.insert(c, 10);
        assertThat(wheel.remove(b)).isTrue();
        assertThat(wheel.remove(b)).isFalse();
        List<TimerEntry> out = new ArrayList<>();
        TimerEntry e;
        while ((e = wheel.poll(10)) != null) out.add(e);
        assertThat(out).containsExactlyInAnyOrder(a, c);
        assertThat(wheel.isStructurallyEmpty()).isTrue();
    }

    @Test
    void dueEntriesWaitingToBeHandedOutCanBeCancelled() {
        TimerWheel wheel = new TimerWheel(0);
        TimerEntry a = new TimerEntry();
        TimerEntry b = new TimerEntry();
        wheel.insert(a, 100);
        wheel.insert(b, 100);
        TimerEntry first = wheel.poll(200);
        TimerEntry other = first == a ? b : a;
        assertThat(wheel.remove(other)).isTrue();
        assertThat(wheel.poll(200)).isNull();
        assertThat(wheel.isStructurallyEmpty()).isTrue();
    }

    @Test
    void deadlineNotAfterElapsedIsRefused() {
        TimerWheel wheel = new TimerWheel(50);
        assertThat(wheel.insert(new TimerEntry(), 50)).isFalse();
        assertThat(wheel.insert(new TimerEntry(), 3)).isFalse();
        assertThat(wheel.size()).isZero();
    }
}
