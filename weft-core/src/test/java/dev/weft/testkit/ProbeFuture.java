package dev.weft.testkit;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A future under test's control that records how it is used: polls, cancels, polls after it
 * finished (completed or cancelled), cancels after it completed, and overlapping polls.
 *
 * <p>{@link #complete(Object)} / {@link #fail(Exception)} may be called from any thread; they wake
 * the waker of the latest poll. Each poll registers {@code cx.waker()} and then checks the outcome,
 * so no wake is lost.
 */
public final class ProbeFuture<T> implements Future<T> {
    private final String name;
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private final AtomicInteger pollsAfterEnd = new AtomicInteger();
    private final AtomicInteger cancelsAfterEnd = new AtomicInteger();
    private final AtomicInteger overlappingPolls = new AtomicInteger();
    private final AtomicBoolean inPoll = new AtomicBoolean();
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private volatile Waker waker;
    private volatile Object outcome;
    private volatile boolean ended;
    private volatile Runnable onCancel = () -> {};

    /** @param name shown in toString */
    public ProbeFuture(String name) {
        this.name = name;
    }

    /** Completes with {@code value} at the next poll, and wakes the latest waker. */
    public void complete(T value) {
        outcome = Poll.ready(value);
        wakeLatest();
    }

    /** Makes the next poll throw {@code failure}, and wakes the latest waker. */
    public void fail(Exception failure) {
        outcome = new Failure(failure);
        wakeLatest();
    }

    /** Wakes the waker of the latest poll, if any. */
    public void wakeLatest() {
        Waker w = waker;
        if (w != null) w.wake();
    }

    /** Runs {@code action} inside each {@link #cancel()} (after counting it, before {@link #awaitCancelled} returns). */
    public ProbeFuture<T> onCancel(Runnable action) {
        onCancel = action;
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Poll<T> poll(Context cx) throws Exception {
        if (!inPoll.compareAndSet(false, true)) overlappingPolls.incrementAndGet();
        try {
            polls.incrementAndGet();
            if (ended) pollsAfterEnd.incrementAndGet();
            waker = cx.waker();
            Object o = outcome;
            if (o == null) return Poll.pending();
            ended = true;
            if (o instanceof Failure(Exception e)) throw e;
            return (Poll<T>) o;
        } finally {
            inPoll.set(false);
        }
    }

    @Override
    public void cancel() {
        cancels.incrementAndGet();
        if (ended) cancelsAfterEnd.incrementAndGet();
        ended = true;
        waker = null;
        try {
            onCancel.run();
        } finally {
            cancelled.countDown();
        }
    }

    /** @return polls so far */
    public int polls() {
        return polls.get();
    }

    /** @return cancels so far */
    public int cancels() {
        return cancels.get();
    }

    /** @return polls that came after this future completed or was cancelled (must stay 0) */
    public int pollsAfterEnd() {
        return pollsAfterEnd.get();
    }

    /** @return cancels that came after this future completed or was cancelled (must stay 0) */
    public int cancelsAfterEnd() {
        return cancelsAfterEnd.get();
    }

    /** @return polls that overlapped another poll (must stay 0) */
    public int overlappingPolls() {
        return overlappingPolls.get();
    }

    /** Waits (bounded) until cancel() was called. */
    public void awaitCancelled(long seconds) throws InterruptedException {
        if (!cancelled.await(seconds, TimeUnit.SECONDS)) throw new AssertionError(name + " was not cancelled within " + seconds + " s");
    }

    /** Throws if the future was misused (polled after end, cancelled after end, overlapping polls). */
    public void assertNoMisuse() {
        if (pollsAfterEnd() != 0 || cancelsAfterEnd() != 0 || overlappingPolls() != 0) {
            throw new AssertionError(this + ": pollsAfterEnd=" + pollsAfterEnd() + " cancelsAfterEnd="
                    + cancelsAfterEnd() + " overlappingPolls=" + overlappingPolls());
        }
    }

    @Override
    public String toString() {
        return "ProbeFuture[" + name + ", polls=" + polls() + ", cancels=" + cancels() + "]";
    }

    private record Failure(Exception cause) {}
}
