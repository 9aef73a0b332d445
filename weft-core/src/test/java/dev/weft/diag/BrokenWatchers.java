package dev.weft.diag;

import dev.weft.exec.BlockedWorker;
import dev.weft.exec.WeftRuntime;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Two blocked-worker watchers built wrong on purpose, from what any code can see of a runtime (its
 * worker threads and their poll counts in {@link WeftRuntime#metrics()}), so that
 * {@link BlockedWorkerTest} can show {@link BlockedWorkerChecks} catches each mistake:
 * <ul>
 *   <li>{@link Kind#REPORTS_IDLE}: takes "no new poll for the threshold" as "blocked", without
 *       looking whether the worker is inside a poll, so it reports parked workers;</li>
 *   <li>{@link Kind#SAMPLES_AFTER_RETURN}: notices the long poll, but samples and reports once the
 *       worker has left it, too late to see the blocking call and after the block is over.</li>
 * </ul>
 */
final class BrokenWatchers implements AutoCloseable {
    enum Kind { REPORTS_IDLE, SAMPLES_AFTER_RETURN }

    private final WeftRuntime rt;
    private final Kind kind;
    private final long thresholdNanos;
    private final List<BlockedWorker> reports = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean stopped;

    BrokenWatchers(WeftRuntime rt, Kind kind, long thresholdMillis) {
        this.rt = rt;
        this.kind = kind;
        this.thresholdNanos = TimeUnit.MILLISECONDS.toNanos(thresholdMillis);
        this.thread = Thread.ofPlatform().daemon().name("broken-watch").start(this::loop);
    }

    List<BlockedWorker> reports() {
        return reports;
    }

    private void loop() {
        List<Thread> workers = rt.threads();
        int n = workers.size();
        long[] seq = new long[n];
        long[] since = new long[n];
        boolean[] longPoll = new boolean[n];
        boolean[] done = new boolean[n];
        Arrays.fill(seq, -1);
        while (!stopped) {
            LockSupport.parkNanos(thresholdNanos / 2);
            long now = System.nanoTime();
            for (int i = 0; i < n; i++) {
                long s = rt.metrics().workers().get(i).polls();
                Thread w = workers.get(i);
                if (s != seq[i]) {
                    seq[i] = s;
                    since[i] = now;
                    done[i] = false;
                    continue;
                }
                if (done[i]) continue;
                if (now - since[i] >= thresholdNanos) longPoll[i] = true;
                if (!longPoll[i]) continue;
                StackTraceElement[] st = w.getStackTrace();
                boolean inPoll = Arrays.stream(st).anyMatch(f -> f.getMethodName().equals("runTask"));
                if (kind == Kind.SAMPLES_AFTER_RETURN && inPoll) continue; // waits for the poll to end: the mistake
                done[i] = true;
                longPoll[i] = false;
                reports.add(new BlockedWorker(w.getName(), st.length > 0 ? st[0] : new StackTraceElement("?", "?", null, -1),
                        now - since[i], List.of(st)));
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join();
    }
}
