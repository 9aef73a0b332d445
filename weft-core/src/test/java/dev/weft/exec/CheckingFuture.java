package dev.weft.exec;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A future that checks how the executor treats it: it records any concurrent entry into
 * {@code poll} (or a {@code cancel()} concurrent with a poll), any poll after it completed and any
 * poll after its {@code cancel()} hook ran, and the threads that polled it.
 *
 * <p>It completes on the first poll that sees {@link #progress()} at or above its target; whoever
 * wants it to finish increments the progress and then wakes {@link #waker()}: if any such wake
 * were lost the future would never complete. Each poll may spin for a while ({@code spinNanos})
 * so that wakes land during polls.
 */
final class CheckingFuture implements Future<Integer> {
    final AtomicInteger inPoll = new AtomicInteger();
    final AtomicInteger polls = new AtomicInteger();
    final AtomicInteger concurrentPolls = new AtomicInteger();
    final AtomicInteger pollsAfterCompletion = new AtomicInteger();
    final AtomicInteger pollsAfterCancel = new AtomicInteger();
    final AtomicInteger cancels = new AtomicInteger();
    final AtomicInteger cancelDuringPoll = new AtomicInteger();
    final AtomicInteger progress = new AtomicInteger();
    final Set<Thread> pollThreads = ConcurrentHashMap.newKeySet();
    private final int target;
    private final long spinNanos;
    private final int id;
    private volatile Waker waker;
    private volatile boolean completed;
    private volatile boolean cancelled;

    CheckingFuture(int id, int target, long spinNanos) {
        this.id = id;
        this.target = target;
        this.spinNanos = spinNanos;
    }

    /** @return the waker of the last poll, or {@code null} before the first poll */
    Waker waker() {
        return waker;
    }

    AtomicInteger progress() {
        return progress;
    }

    boolean completed() {
        return completed;
    }

    /** @return the number of rule violations seen (0 for a correct executor) */
    int violations() {
        return concurrentPolls.get() + pollsAfterCompletion.get() + pollsAfterCancel.get()
                + cancelDuringPoll.get() + Math.max(0, cancels.get() - 1);
    }

    @Override
    public Poll<Integer> poll(Context cx) {
        if (inPoll.getAndIncrement() != 0) concurrentPolls.incrementAndGet();
        try {
            if (completed) pollsAfterCompletion.incrementAndGet();
            if (cancelled) pollsAfterCancel.incrementAndGet();
            polls.incrementAndGet();
            pollThreads.add(Thread.currentThread());
            waker = cx.waker();
            if (spinNanos > 0) {
                long end = System.nanoTime() + spinNanos;
                while (System.nanoTime() < end) Thread.onSpinWait();
            }
            if (progress.get() >= target) {
                completed = true;
                return Poll.ready(id);
            }
            return Poll.pending();
        } finally {
            inPoll.decrementAndGet();
        }
    }

    @Override
    public void cancel() {
        if (inPoll.get() != 0) cancelDuringPoll.incrementAndGet();
        if (completed) pollsAfterCompletion.incrementAndGet();
        cancelled = true;
        cancels.incrementAndGet();
    }

    @Override
    public String toString() {
        return "CheckingFuture[" + id + ", polls=" + polls + ", progress=" + progress + "/" + target + "]";
    }
}
