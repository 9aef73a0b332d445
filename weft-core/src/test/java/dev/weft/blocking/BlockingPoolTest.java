package dev.weft.blocking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Waker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingPoolTest {

    static void awaitCondition(BooleanSupplier c, Duration bound, String what) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!c.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting for " + what);
            Thread.sleep(5);
        }
    }

    static long liveThreadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix + "-") && t.isAlive())
                .count();
    }

    @Test
    void unblockReturnsTheResult() throws Exception {
        BlockingPool pool = BlockingPool.create(4, Duration.ofSeconds(1), "bp-result");
        assertThat(Weft.blockOn(pool.unblock(() -> Thread.currentThread().getName()))).startsWith("bp-result-");
    }

    @Test
    void anExceptionSurfacesOnTheAwaiterWithItsCause() {
        BlockingPool pool = BlockingPool.create(4, Duration.ofSeconds(1), "bp-fail");
        IOException boom = new IOException("boom");
        assertThatThrownBy(() -> Weft.blockOn(pool.unblock(() -> {
            throw boom;
        }))).isSameAs(boom);
        IllegalStateException unchecked = new IllegalStateException("bad");
        assertThatThrownBy(() -> Weft.blockOn(pool.unblock(() -> {
            throw unchecked;
        }))).isSameAs(unchecked);
    }

    @Test
    void thousandSleepsRunConcurrentlyThenThePoolShrinks() throws Exception {
        String prefix = "bp-grow";
        BlockingPool pool = BlockingPool.create(500, Duration.ofMillis(300), prefix);
        CountDownLatch gate = new CountDownLatch(1);
        long start = System.nanoTime();
        List<Future<Integer>> jobs = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            int v = i;
            jobs.add(pool.unblock(() -> {
                gate.await(); // every job is in the pool before any finishes: growth does not
                Thread.sleep(10); // depend on how fast this machine starts threads
                return v;
            }));
        }
        assertThat(pool.threadCount()).as("the pool grew to its limit").isEqualTo(500);
        gate.countDown();
        long sum = 0;
        for (Future<Integer> j : jobs) sum += Weft.blockOn(j);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.println("1000 gated jobs of 10 ms on 500 threads took " + millis + " ms");
        assertThat(sum).isEqualTo(999L * 1000 / 2);
        assertThat(pool.largestThreadCount()).isEqualTo(500);
        assertThat(millis).as("hang bound, not a speed goal (loaded CI boxes start threads slowly)").isLessThan(20_000);
        awaitCondition(() -> pool.threadCount() == 0 && liveThreadsNamed(prefix) == 0, Duration.ofSeconds(20),
                "the pool to shrink after its keep-alive");
    }

    @Test
    void thousandUngatedSleepsMakeThePoolGrow() throws Exception {
        BlockingPool pool = BlockingPool.create(500, Duration.ofMillis(300), "bp-ungated");
        long start = System.nanoTime();
        List<Future<Integer>> jobs = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            int v = i;
            jobs.add(pool.unblock(() -> {
                Thread.sleep(10);
                return v;
            }));
        }
        long sum = 0;
        for (Future<Integer> j : jobs) sum += Weft.blockOn(j);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.println("1000 ungated jobs of 10 ms: pool grew to " + pool.largestThreadCount() + " threads, took "
                + millis + " ms");
        assertThat(sum).isEqualTo(999L * 1000 / 2);
        // Threads are reused as soon as jobs finish, so how far it grows depends on how fast this
        // machine starts threads (about 120 on a loaded 2-core box, more when quiet).
        assertThat(pool.largestThreadCount()).as("the pool grew").isGreaterThan(20);
        assertThat(millis).as("hang bound, not a speed goal (loaded CI boxes start threads slowly)").isLessThan(20_000);
    }

    @Test
    void threadLimitIsRespected() throws Exception {
        BlockingPool pool = BlockingPool.create(3, Duration.ofSeconds(5), "bp-limit");
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        List<Future<Void>> jobs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            jobs.add(pool.unblock(() -> {
                running.incrementAndGet();
                release.await();
                return null;
            }));
        }
        awaitCondition(() -> running.get() == 3, Duration.ofSeconds(10), "3 jobs running");
        assertThat(pool.threadCount()).isEqualTo(3);
        assertThat(pool.queuedJobs()).isEqualTo(7);
        release.countDown();
        for (Future<Void> j : jobs) Weft.blockOn(j);
        assertThat(running.get()).isEqualTo(10);
        assertThat(pool.largestThreadCount()).isEqualTo(3);
    }

    @Test
    void cancellingBeforeItRanRemovesTheJob() throws Exception {
        BlockingPool pool = BlockingPool.create(1, Duration.ofSeconds(5), "bp-cancel");
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        Future<Void> blocker = pool.unblock(() -> {
            started.countDown();
            release.await();
            return null;
        });
        started.await();
        AtomicInteger ran = new AtomicInteger();
        Future<Integer> victim = pool.unblock(ran::incrementAndGet);
        assertThat(victim.poll(Context.of(Waker.noop())).isPending()).isTrue();
        assertThat(pool.queuedJobs()).isEqualTo(1);
        victim.cancel();
        assertThat(pool.queuedJobs()).isZero();
        release.countDown();
        Weft.blockOn(blocker);
        assertThat(Weft.blockOn(pool.unblock(() -> 5))).isEqualTo(5); // the queue is behind us
        assertThat(ran.get()).isZero();
    }

    @Test
    void idleThreadsAreReusedBeforeNewOnesStart() throws Exception {
        BlockingPool pool = BlockingPool.create(50, Duration.ofSeconds(10), "bp-reuse");
        for (int i = 0; i < 200; i++) Weft.blockOn(pool.unblock(() -> 1));
        assertThat(pool.largestThreadCount()).isLessThanOrEqualTo(2);
    }
}
