package dev.weft.coro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A coroutine body blocked on a JDK monitor, to which the JDK then hands that monitor, must run
 * even while the runtime's only worker waits for the same monitor behind it. The JDK hands a
 * released monitor to one waiter; a virtual thread waiter is made runnable by the JDK's unblocker
 * thread. Queued behind the waiting worker, the body could never take the monitor and let the
 * worker have it after: both would wait for ever. (Found as a hang of
 * {@code StyledTcpEchoTest}: the worker driving the reactor waited in the selector for its
 * cancelled-key lock, which the JDK had handed to a coroutine body closing a socket.)
 */
class MonitorHandoffTest {
    private static final int ROUNDS = 20;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aBodyHandedAMonitorRunsWhileTheOnlyWorkerWaitsForThatMonitorBehindIt() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("handoff-").build()) {
            for (int round = 0; round < ROUNDS; round++) {
                Object monitor = new Object();
                AtomicReference<Thread> body = new AtomicReference<>();
                AtomicReference<Thread> worker = new AtomicReference<>();
                CountDownLatch holding = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                Thread holder = Thread.ofPlatform().name("handoff-holder").start(() -> {
                    synchronized (monitor) {
                        holding.countDown();
                        awaitUninterruptibly(release);
                    }
                });
                assertTrue(holding.await(10, TimeUnit.SECONDS));

                // first in line for the monitor: a coroutine body (its virtual thread unmounts)
                Task<String> coroutine = rt.spawn(Weft.async(() -> {
                    body.set(Thread.currentThread());
                    synchronized (monitor) {
                        return "body";
                    }
                }));
                waitFor(() -> "the body to block on the monitor", () -> isBlocked(body.get()));
                // second in line: the only worker itself, inside a task's poll
                Task<String> plain = rt.spawn(cx -> {
                    worker.set(Thread.currentThread());
                    synchronized (monitor) {
                        return Poll.ready("worker");
                    }
                });
                waitFor(() -> "the worker to block on the monitor", () -> isBlocked(worker.get()));

                release.countDown(); // the holder leaves: the JDK hands the monitor to a waiter
                holder.join(10_000);
                int r = round;
                waitFor(() -> "round " + r + ": both to get the monitor (body " + stateOf(body.get()) + ", worker "
                        + stateOf(worker.get()) + ", " + rt + ")", () -> coroutine.isDone() && plain.isDone());
                assertEquals("body", rt.blockOn(coroutine));
                assertEquals("worker", rt.blockOn(plain));
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aBodyThatWentOnOnASpareCarrierAndSuspendedIsStillCancelledWithItsFinallyRun() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("handoff-cancel-").build()) {
            Object monitor = new Object();
            AtomicReference<Thread> body = new AtomicReference<>();
            AtomicReference<Thread> suspendedOn = new AtomicReference<>();
            CountDownLatch finallyRan = new CountDownLatch(1);
            Task<String> coroutine;
            synchronized (monitor) {
                coroutine = rt.spawn(Weft.async(() -> {
                    body.set(Thread.currentThread());
                    synchronized (monitor) {
                        // handed the monitor by the JDK: this runs on a spare carrier
                        suspendedOn.set(Coroutine.carrierThread());
                    }
                    try {
                        return Weft.await(cx -> Poll.<String>pending()); // never ready
                    } finally {
                        finallyRan.countDown();
                    }
                }));
                waitFor(() -> "the body to block on the monitor", () -> isBlocked(body.get()));
            }
            waitFor(() -> "the body to take the monitor", () -> suspendedOn.get() != null);
            assertTrue(suspendedOn.get().getName().startsWith("weft-coro-carrier-"),
                    "went on on " + suspendedOn.get());
            Thread.sleep(20); // let it suspend in the await
            coroutine.cancel();
            assertTrue(finallyRan.await(10, TimeUnit.SECONDS), "the cancelled body's finally did not run");
            assertTrue(coroutine.isDone());
        }
    }

    /**
     * Regression: a body handed a monitor goes on on a spare carrier, which is no worker, and its
     * {@code Task.spawn} threw "Task.spawn outside a Weft runtime" (seen as a flaky
     * {@code PollerContractTest} failure after an NIO socket's internal monitor was contended).
     * It spawns beside the task polling the body instead.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aBodyOnASpareCarrierSpawnsOnItsOwnRuntime() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("handoff-spawn-").build()) {
            Object monitor = new Object();
            AtomicReference<Thread> body = new AtomicReference<>();
            AtomicReference<Thread> spawnedOn = new AtomicReference<>();
            Task<String> coroutine;
            synchronized (monitor) {
                coroutine = rt.spawn(Weft.async(() -> {
                    body.set(Thread.currentThread());
                    Task<String> child;
                    synchronized (monitor) {
                        spawnedOn.set(Coroutine.carrierThread()); // handed the monitor: a spare carrier
                        child = Task.spawn(cx -> Poll.ready(Thread.currentThread().getName()));
                    }
                    return Weft.await(child);
                }));
                waitFor(() -> "the body to block on the monitor", () -> isBlocked(body.get()));
            }
            String childRanOn = rt.blockOn(coroutine);
            assertTrue(spawnedOn.get().getName().startsWith("weft-coro-carrier-"), "spawned on " + spawnedOn.get());
            assertTrue(childRanOn.startsWith("handoff-spawn-"), "the child ran on " + childRanOn + ", not a worker of its runtime");
        }
    }

    private static boolean isBlocked(Thread t) {
        return t != null && t.getState() == Thread.State.BLOCKED;
    }

    private static String stateOf(Thread t) {
        return t == null ? "not started" : t.getState().toString();
    }

    private static void waitFor(Supplier<String> what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) throw new AssertionError("timed out waiting for " + what.get());
            Thread.sleep(1);
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep holding until released
            }
        }
    }
}
