package dev.weft.test.scope;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.scope.CancellationToken;
import dev.weft.scope.TaskTracker;
import dev.weft.sim.SimRuntime;
import dev.weft.task.Task;
import dev.weft.test.WeftSim;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.random.RandomGenerator;

/**
 * Cancellation tokens and a task tracker under the deterministic simulation, on virtual time: a
 * random tree of tokens (up to 24, each a child of an earlier one), one tracked task per token
 * that works for a random time unless its token is cancelled first, random tokens cancelled at
 * random instants, and the tracker shut down at a random instant with a random grace. For every
 * seed, each task ends exactly when the rules say (its work done, its token's or an ancestor's
 * cancel, or the end of the grace), a cancel reaches every descendant token and no other one, the
 * shutdown ends when the last task did, and the same seed gives the same trace. Work times are
 * odd milliseconds and every cancel an even one, so no two of them tie.
 */
class TokenTreeAndTrackerSimTest {

    @WeftSim(seeds = 100, checkDeterminism = true)
    void eachTaskEndsWhenItsWorkItsTokensCancelOrTheGraceEndsWhicheverComesFirst(SimRuntime sim) {
        RandomGenerator random = sim.random();
        long start = Time.nanoTime();
        int n = 1 + random.nextInt(24);
        int[] parent = new int[n];
        CancellationToken[] tokens = new CancellationToken[n];
        long[] work = new long[n];
        long[] cancelAt = new long[n]; // -1: never cancelled on its own
        long[] endedAt = new long[n];
        boolean[] workDone = new boolean[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i == 0 ? -1 : random.nextInt(i);
            tokens[i] = i == 0 ? CancellationToken.create() : tokens[parent[i]].child();
            work[i] = 2L * random.nextInt(500) + 1;
            cancelAt[i] = random.nextInt(4) == 0 ? 2L * random.nextInt(500) : -1;
        }
        long shutdownAt = 2L * random.nextInt(300);
        long grace = 2L * random.nextInt(300);

        TaskTracker tracker = TaskTracker.open(c -> c.withName("tracked"));
        for (int i = 0; i < n; i++) {
            int node = i;
            tracker.spawn(Weft.async(() -> {
                try {
                    await(tokens[node].runUntilCancelled(Time.sleep(Duration.ofMillis(work[node]))));
                    workDone[node] = true;
                } catch (CancellationException cancelled) {
                    workDone[node] = false; // by its token, or by the tracker at the grace's end
                }
                endedAt[node] = millisSince(start);
                return null;
            }));
        }
        List<Task<Void>> cancellers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (cancelAt[i] < 0) continue;
            CancellationToken t = tokens[i];
            long at = cancelAt[i];
            cancellers.add(Task.spawn(Weft.async(() -> {
                await(Time.sleep(Duration.ofMillis(at)));
                t.cancel();
                return null;
            })));
        }
        await(Time.sleep(Duration.ofMillis(shutdownAt)));
        await(tracker.shutdown(Duration.ofMillis(grace)));
        long shutdownEnded = millisSince(start);
        assertThatThrownBy(() -> tracker.spawn(Future.ready(1))).isInstanceOf(IllegalStateException.class);
        assertThat(tracker.active()).isZero();

        long graceEnds = shutdownAt + grace;
        long lastEnd = shutdownAt;
        for (int i = 0; i < n; i++) {
            long tokenCancel = effectiveCancel(i, parent, cancelAt); // Long.MAX_VALUE: not before the end
            long expected = Math.min(work[i], Math.min(tokenCancel, graceEnds));
            String what = "task " + i + " (work " + work[i] + " ms, its token cancelled at " + tokenCancel
                    + ", grace ends at " + graceEnds + ")";
            assertThat(endedAt[i]).as(what).isEqualTo(expected);
            assertThat(workDone[i]).as(what).isEqualTo(expected == work[i]);
            lastEnd = Math.max(lastEnd, expected);
        }
        assertThat(shutdownEnded).as("the shutdown ends with its last task").isEqualTo(lastEnd);

        for (Task<Void> c : cancellers) await(c);
        for (int i = 0; i < n; i++) {
            boolean cancelledByNow = effectiveCancel(i, parent, cancelAt) != Long.MAX_VALUE;
            assertThat(tokens[i].isCancelled()).as("token %d: cancelled iff it or an ancestor was", i).isEqualTo(cancelledByNow);
        }
    }

    /** @return the earliest cancel of node i or an ancestor, or Long.MAX_VALUE */
    private static long effectiveCancel(int i, int[] parent, long[] cancelAt) {
        long at = Long.MAX_VALUE;
        for (int k = i; k >= 0; k = parent[k]) if (cancelAt[k] >= 0) at = Math.min(at, cancelAt[k]);
        return at;
    }

    private static long millisSince(long start) {
        return (Time.nanoTime() - start) / 1_000_000;
    }
}
