package dev.weft.test;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A future under the test's control that records how it is used: polls, cancels, polls after it
 * finished (completed or cancelled), cancels after it completed, and overlapping polls. For
 * lifecycle tests of combinators and executors: give it to the code under test, drive it with
 * {@link #complete} / {@link #fail}, and check the exact counts.
 *
 * {@snippet :
 * ProbeFuture<String> inner = new ProbeFuture<>("inner");
 * Future<String> t = Time.timeout(inner, Duration.ofSeconds(1));
 * CountingWaker w = new CountingWaker();
 * Polls.assertPending(t, w);
 * inner.complete("done");                       // wakes the waker of the latest poll
 * assertEquals("done", Polls.assertReady(t, w));
 * assertEquals(0, inner.cancels());
 * inner.assertNoMisuse();
 * }
 *
 * <p>{@link #complete} and {@link #fail} may be called from any thread: each poll registers the
 * waker before it reads the outcome, so no wake is lost. Memory consistency effects: actions
 * before {@code complete(v)} happen-before a poll that returns {@code v}.
 *
 * @param <T> the output type
 */
public final class ProbeFuture<T> implements Future<T> {
    private final String name;
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private final AtomicInteger pollsAfterEnd = new AtomicInteger();
    private final AtomicInteger cancelsAfterEnd = new AtomicInteger();
    private final AtomicInteger overlappingPolls = new AtomicInteger();
    private final AtomicBoolean inPoll = new AtomicBoolean();
    private volatile Waker waker;
    private volatile Object outcome;
    private volatile boolean ended;

    /** @param name shown in {@link #toString()} and in failures */
    public ProbeFuture(String name) {
        this.name = name;
    }

    /**
     * Completes with {@code value} at the next poll, and wakes the waker of the latest poll.
     *
     * @param value the output
     */
    public void complete(T value) {
        outcome = Poll.ready(value);
        wakeLatest();
    }

    /**
     * Makes the next poll throw {@code failure}, and wakes the waker of the latest poll.
     *
     * @param failure what the poll throws
     */
    public void fail(Exception failure) {
        outcome = new Failure(failure);
        wakeLatest();
    }

    /** Wakes the waker of the latest poll, if any (a wake for nothing, if the outcome is not set). */
    public void wakeLatest() {
        Waker w = waker;
        if (w != null) w.wake();
    }

    @Override
    @SuppressWarnings("unchecked") // outcome holds a Poll<T> or a Failure
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
    }

    /** @return polls so far */
    public int polls() {
        return polls.get();
    }

    /** @return cancels so far */
    public int cancels() {
        return cancels.get();
    }

    /** @return polls after this future completed or was cancelled (must stay 0) */
    public int pollsAfterEnd() {
        return pollsAfterEnd.get();
    }

    /** @return cancels after this future completed or was cancelled (must stay 0) */
    public int cancelsAfterEnd() {
        return cancelsAfterEnd.get();
    }

    /** @return polls that overlapped another poll (must stay 0) */
    public int overlappingPolls() {
        return overlappingPolls.get();
    }

    /**
     * Checks the future contract from the user's side: no poll after the end, no cancel after the
     * end, no two polls at once.
     *
     * @throws AssertionError naming the counts if any was broken
     */
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
