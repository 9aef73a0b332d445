package dev.weft.bench.preview;

import dev.weft.bench.workload.W8Scoped;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.StructuredTaskScope;
import java.util.concurrent.StructuredTaskScope.Joiner;
import java.util.concurrent.StructuredTaskScope.Subtask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * W8 scoped fan-out for {@code impl=sts}: the JDK's {@link StructuredTaskScope} (a preview API in
 * JDK 25) on virtual threads, run with {@code --enable-preview} and
 * {@code -Djdk.virtualThreadScheduler.parallelism=2}. The pass runs in one virtual thread, the
 * owner of every scope.
 *
 * <p>Each round: a scope with {@link Joiner#allSuccessfulOrThrow()} forks N subtasks that
 * {@link Thread#yield()} once and return {@code i + 1}; {@code join()} gives them, summed. Then a
 * scope forks N subtasks that count themselves started and park until interrupted (the lightest
 * "for ever": nothing to register or undo). JDK 25's scope has no {@code cancel()} for its owner:
 * a joiner cancels it, so the owner, once every child started, forks one more subtask that only
 * returns a token, and the scope's joiner ({@link Joiner#allUntil}) cancels the scope when that
 * subtask completes (interrupting every parked thread); {@code join()} returns then, and
 * {@code close()} (the end of the try block) waits until every thread has finished. That extra
 * subtask is one virtual thread per round more than the N of the other implementations (1% of
 * the round's second half).
 */
public final class StsScoped implements W8Scoped.Pass {
    /** What the cancelling subtask returns. */
    private static final Object CANCEL = new Object();

    /** Made by name by {@link W8Scoped}, which never links against this class. */
    public StsScoped() {}

    @Override
    public long run(int rounds, int n) throws Exception {
        long[] children = new long[1];
        Exception[] failed = new Exception[1];
        Thread.ofVirtual().start(() -> {
            try {
                children[0] = rounds(rounds, n);
            } catch (Exception e) {
                failed[0] = e;
            }
        }).join();
        if (failed[0] != null) throw failed[0];
        return children[0];
    }

    private static long rounds(int rounds, int n) throws InterruptedException {
        long children = 0;
        for (int r = 0; r < rounds; r++) {
            try (var scope = StructuredTaskScope.open(Joiner.<Integer>allSuccessfulOrThrow())) {
                for (int i = 0; i < n; i++) {
                    int v = i + 1;
                    scope.fork(() -> {
                        Thread.yield();
                        return v;
                    });
                }
                children += W8Scoped.checkSum(scope.join().mapToLong(Subtask::get).sum(), n);
            }
            CountDownLatch started = new CountDownLatch(n);
            AtomicInteger ended = new AtomicInteger();
            try (var scope = StructuredTaskScope.open(Joiner.<Object>allUntil(s -> s.state() == Subtask.State.SUCCESS && s.get() == CANCEL))) {
                for (int i = 0; i < n; i++) {
                    scope.fork(() -> {
                        started.countDown();
                        try {
                            while (!Thread.interrupted()) LockSupport.park();
                        } finally {
                            ended.incrementAndGet();
                        }
                    });
                }
                started.await();
                scope.fork(() -> CANCEL);
                scope.join();
            }
            children += W8Scoped.checkEnded(ended.get(), n);
        }
        return children;
    }
}
