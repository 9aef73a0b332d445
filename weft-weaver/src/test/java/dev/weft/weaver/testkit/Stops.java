package dev.weft.weaver.testkit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a probe's program is stopped: the cancellation points of a generated program run as a
 * task ({@link Probe#stopAt(int)}). The futures of lane 0 (the task's own body and the child
 * bodies it awaits inline, one at a time) count their first pending poll here; the {@code k}-th of
 * them to go pending, or the first parked future of lane 0, becomes stuck (it never completes nor
 * wakes anyone) and logs {@code "stop"}: the test then cancels the task, which is known to be
 * suspended there. Lanes above 0 are child bodies that run beside their parent (a race's loser, a
 * timeout's inner body): their parked futures only count the lane's parks, and a race's
 * {@linkplain Probe#winner winner} waits for a park of its lane after it was made (a count, not a
 * mark: a race in a loop waits for its own loser, not for the one of an earlier iteration, which
 * would leave the race to the timing of a future another thread completes).
 *
 * <p>Memory consistency effects: guarded by this object's monitor; {@code stopped} is volatile so
 * the test's thread sees it without the lock.
 */
final class Stops {
    private final Probe probe;
    private final Map<Integer, Integer> parks = new ConcurrentHashMap<>(); // lane -> parked futures so far
    private int stopAt = -1; // guarded by this: -1 not armed, 0 only at a parked future, k at the k-th suspension
    private int suspensions; // guarded by this
    private volatile boolean stopped;

    Stops(Probe probe) {
        this.probe = probe;
    }

    synchronized void arm(int k) {
        if (k < 0) throw new IllegalArgumentException("a suspension count is not negative: " + k);
        stopAt = k;
    }

    /**
     * A future of {@code lane} answers pending for the first time.
     *
     * @param parked whether it is a parked future (pending for ever)
     * @return whether it is where the program stops: the future must stay pending and wake nobody
     */
    synchronized boolean wentPending(int lane, boolean parked) {
        if (parked && lane > 0) parks.merge(lane, 1, Integer::sum);
        if (lane != 0 || stopAt < 0 || stopped) return false;
        suspensions++;
        if (!parked && suspensions != stopAt) return false;
        probe.log("stop");
        stopped = true;
        return true;
    }

    boolean stopped() {
        return stopped;
    }

    /** @return how many futures of {@code lane} parked so far */
    int parks(int lane) {
        return parks.getOrDefault(lane, 0);
    }
}
