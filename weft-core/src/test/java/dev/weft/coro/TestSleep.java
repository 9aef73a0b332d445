package dev.weft.coro;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A test sleep (the project's timer wheel lives in another layer): the first poll schedules a wake
 * on a shared scheduler thread; ready once the delay passed. Cancel removes the timer.
 */
final class TestSleep implements Future<Void> {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "test-timer");
        t.setDaemon(true);
        return t;
    });

    private final long delayNanos;
    private ScheduledFuture<?> timer;
    private Waker waker;
    private boolean fired;

    TestSleep(long delay, TimeUnit unit) {
        this.delayNanos = unit.toNanos(delay);
    }

    @Override
    public synchronized Poll<Void> poll(Context cx) {
        if (fired) return Poll.ready(null);
        waker = cx.waker();
        if (timer == null) timer = TIMER.schedule(this::fire, delayNanos, TimeUnit.NANOSECONDS);
        return Poll.pending();
    }

    private void fire() {
        Waker w;
        synchronized (this) {
            fired = true;
            w = waker;
        }
        if (w != null) w.wake();
    }

    @Override
    public synchronized void cancel() {
        if (timer != null) timer.cancel(false);
        waker = null;
    }
}
