package dev.weft.test;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * Polling by hand: one poll at a time, each with a check, as Tokio's {@code tokio_test::task}
 * and futures-lite's {@code poll_once} do. A future is a state machine; these poll it once and
 * say what it answered, so a test can step it through its states and check the wakes in between
 * (with a {@link CountingWaker}). A poll that throws where an answer was expected fails the test
 * with the exception as cause.
 *
 * {@snippet :
 * CountingWaker w = new CountingWaker();
 * Oneshot<Integer> once = Oneshot.create();
 * Polls.assertPending(once.receiver(), w);
 * once.sender().send(7);
 * assertEquals(1, w.count());
 * assertEquals(7, Polls.assertReady(once.receiver(), w));
 * }
 *
 * <p>Polling by hand and {@link WeftTest} go together: inside a simulation, sleeps made with
 * {@code Time.sleep} use its virtual clock, so a test polls a sleep by hand, lets virtual time
 * pass with {@code await(Time.sleep(...))}, and checks the sleep was woken exactly once.
 */
public final class Polls {
    private Polls() {}

    /**
     * Polls {@code f} once with {@code w}'s context.
     *
     * @param f the future
     * @param w the waker it gets
     * @param <T> its output type
     * @return what it answered
     * @throws AssertionFailedError if the poll threw
     */
    public static <T> Poll<T> poll(Future<T> f, CountingWaker w) {
        return pollWith(f, w.context());
    }

    /**
     * Polls {@code f} once and checks it is pending.
     *
     * @param f the future
     * @param w the waker it gets (and should wake later)
     * @throws AssertionFailedError if it was ready or threw
     */
    public static void assertPending(Future<?> f, CountingWaker w) {
        Poll<?> p = poll(f, w);
        if (!p.isPending()) throw new AssertionFailedError("expected Pending, got " + p);
    }

    /**
     * Polls {@code f} once with a waker that records nothing and checks it is pending.
     *
     * @param f the future
     * @throws AssertionFailedError if it was ready or threw
     */
    public static void assertPending(Future<?> f) {
        Poll<?> p = pollWith(f, Context.noop());
        if (!p.isPending()) throw new AssertionFailedError("expected Pending, got " + p);
    }

    /**
     * Polls {@code f} once and checks it is ready.
     *
     * @param f the future
     * @param w the waker it gets
     * @param <T> its output type
     * @return its output
     * @throws AssertionFailedError if it was pending or threw
     */
    public static <T> T assertReady(Future<T> f, CountingWaker w) {
        return ready(poll(f, w));
    }

    /**
     * Polls {@code f} once with a waker that records nothing and checks it is ready.
     *
     * @param f the future
     * @param <T> its output type
     * @return its output
     * @throws AssertionFailedError if it was pending or threw
     */
    public static <T> T assertReady(Future<T> f) {
        return ready(pollWith(f, Context.noop()));
    }

    /**
     * Polls {@code f} once and checks that the poll threw.
     *
     * @param f the future
     * @param w the waker it gets
     * @return what it threw
     * @throws AssertionFailedError if it answered instead
     */
    public static Exception assertThrows(Future<?> f, CountingWaker w) {
        Poll<?> p;
        try {
            p = f.poll(w.context());
        } catch (Exception e) {
            return e;
        }
        throw new AssertionFailedError("expected the poll to throw, got " + p);
    }

    /**
     * Polls {@code s} once for its next element.
     *
     * @param s the stream
     * @param w the waker it gets
     * @param <T> its element type
     * @return what it answered: an element, pending, or {@link AsyncStream#end()}
     * @throws AssertionFailedError if the poll threw
     */
    public static <T> Poll<T> pollNext(AsyncStream<T> s, CountingWaker w) {
        try {
            return s.pollNext(w.context());
        } catch (Exception e) {
            throw new AssertionFailedError("pollNext threw " + e, e);
        }
    }

    /**
     * Polls {@code s} once and checks it yields an element.
     *
     * @param s the stream
     * @param w the waker it gets
     * @param <T> its element type
     * @return the element
     * @throws AssertionFailedError if it was pending, at its end, or threw
     */
    public static <T> T assertNext(AsyncStream<T> s, CountingWaker w) {
        Poll<T> p = pollNext(s, w);
        if (AsyncStream.isEnd(p)) throw new AssertionFailedError("expected an element, got AsyncStream.end()");
        return ready(p);
    }

    /**
     * Polls {@code s} once and checks it is pending.
     *
     * @param s the stream
     * @param w the waker it gets
     * @throws AssertionFailedError if it yielded, ended or threw
     */
    public static void assertNextPending(AsyncStream<?> s, CountingWaker w) {
        Poll<?> p = pollNext(s, w);
        if (!p.isPending()) throw new AssertionFailedError("expected Pending, got " + (AsyncStream.isEnd(p) ? "AsyncStream.end()" : p));
    }

    /**
     * Polls {@code s} once and checks it is at its end ({@link AsyncStream#end()}).
     *
     * @param s the stream
     * @param w the waker it gets
     * @throws AssertionFailedError if it yielded, was pending or threw
     */
    public static void assertEnd(AsyncStream<?> s, CountingWaker w) {
        Poll<?> p = pollNext(s, w);
        if (!AsyncStream.isEnd(p)) throw new AssertionFailedError("expected AsyncStream.end(), got " + p);
    }

    private static <T> Poll<T> pollWith(Future<T> f, Context cx) {
        Objects.requireNonNull(f, "future");
        try {
            return f.poll(cx);
        } catch (Exception e) {
            throw new AssertionFailedError("poll threw " + e, e);
        }
    }

    private static <T> T ready(Poll<T> p) {
        if (!p.isReady()) throw new AssertionFailedError("expected Ready, got " + p);
        return p.value();
    }
}
