package dev.weft.time.internal;

import dev.weft.driver.internal.Poller;
import java.util.ArrayList;
import java.util.List;

/** A poller that blocks (for any non-zero timeout) until woken, recording waits and wake-ups. */
final class ManualPoller implements Poller {
    private final List<Long> waits = new ArrayList<>();
    private int wakeups;
    private int blocked;
    private boolean token;

    @Override
    public synchronized void poll(long timeoutNanos) {
        waits.add(timeoutNanos);
        if (timeoutNanos == 0) {
            token = false;
            return;
        }
        blocked++;
        try {
            while (!token) wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            blocked--;
        }
        token = false;
    }

    @Override
    public synchronized void wakeup() {
        wakeups++;
        token = true;
        notifyAll();
    }

    synchronized int wakeups() {
        return wakeups;
    }

    synchronized boolean isBlocked() {
        return blocked > 0;
    }

    synchronized void clearWaits() {
        waits.clear();
    }

    synchronized List<Long> waits() {
        return new ArrayList<>(waits);
    }
}
