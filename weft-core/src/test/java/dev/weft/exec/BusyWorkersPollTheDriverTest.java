package dev.weft.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.task.Task;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker that never runs out of tasks still looks at its runtime's driver (every 61st tick, as
 * Tokio's maintenance does), so due timers fire on the worker itself and the task they wake is
 * queued where it runs, not fired by the driver's fallback thread and sent over through the
 * injection queue.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusyWorkersPollTheDriverTest {
    private static final int SLEEPS = 20;

    /** A sleep that records the thread its timer fired on (the first wake of each sleep). */
    private static Future<Void> sleepRecordingWaker(Duration d, AtomicReference<Thread> firedOn) {
        return new Future<>() {
            private Sleep sleep;

            @Override
            public Poll<Void> poll(Context cx) {
                if (sleep == null) sleep = Time.sleep(d);
                Waker outer = cx.waker();
                return sleep.poll(cx.withWaker(Waker.of(() -> {
                    firedOn.compareAndSet(null, Thread.currentThread());
                    outer.wake();
                })));
            }
        };
    }

    @Test
    void timersDueWhileTheOnlyWorkerIsBusyFireOnThatWorker() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("busy-").build()) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong busyPolls = new AtomicLong();
            // Always runnable: it wakes itself in each poll, so the worker never parks (never drives
            // as an idle thread would).
            Task<Void> busy = rt.spawn(cx -> {
                if (stop.get()) return Poll.ready(null);
                busyPolls.incrementAndGet();
                cx.waker().wake();
                return Poll.pending();
            });
            while (busyPolls.get() < 10_000) Thread.onSpinWait();
            int onWorker = 0;
            int fired = 0;
            String firedOnNames = "";
            // A sleep whose deadline has passed by its first poll (the worker descheduled for 20 ms between the two)
            // ends without a timer: it is not counted.
            for (int i = 0; i < 5 * SLEEPS && fired < SLEEPS; i++) {
                AtomicReference<Thread> firedOn = new AtomicReference<>();
                rt.blockOn(rt.spawn(sleepRecordingWaker(Duration.ofMillis(20), firedOn)));
                if (firedOn.get() == null) continue;
                fired++;
                if (firedOn.get().getName().equals("busy-0")) onWorker++;
                firedOnNames += firedOn.get().getName() + " ";
            }
            assertThat(fired).as("sleeps whose timer fired").isEqualTo(SLEEPS);
            stop.set(true);
            rt.blockOn(busy);
            // The fallback may still fire one now and then (the worker descheduled by the OS for a
            // whole look of the fallback); without the busy worker's looks it fires all of them.
            assertThat(onWorker).as("timers fired on the busy worker, of %d: %s", SLEEPS, firedOnNames)
                    .isGreaterThanOrEqualTo(SLEEPS / 2);
        }
    }
}
