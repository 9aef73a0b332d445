package dev.weft.examples;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.time.Duration;

/**
 * Seed 000's timer future: a thread sleeps, then marks the timer completed and wakes the waker the
 * last poll stored. {@code completed} and {@code waker} are guarded by {@code lock}; cancelling
 * drops the waker and interrupts the sleeping thread.
 */
final class TimerFuture implements Future<String> {
    private final String name;
    private final Object lock = new Object();
    private final Thread sleeper;
    private boolean completed; // guarded by lock
    private Waker waker; // guarded by lock

    TimerFuture(String name, Duration d) {
        this.name = name;
        this.sleeper = Thread.ofPlatform().daemon().name("timer-" + name).start(() -> {
            try {
                Thread.sleep(d);
            } catch (InterruptedException e) {
                return;
            }
            Waker w;
            synchronized (lock) {
                completed = true;
                w = waker;
            }
            System.out.println("  timer " + name + ": fired on thread " + Thread.currentThread().getName() + ", waking the task");
            if (w != null) w.wake();
        });
    }

    @Override
    public Poll<String> poll(Context cx) {
        synchronized (lock) {
            if (completed) return Poll.ready(name);
            waker = cx.waker();
            return Poll.pending();
        }
    }

    @Override
    public void cancel() {
        synchronized (lock) {
            waker = null;
        }
        sleeper.interrupt();
        System.out.println("  timer " + name + ": cancelled (its waker dropped, its thread stopped)");
    }
}
