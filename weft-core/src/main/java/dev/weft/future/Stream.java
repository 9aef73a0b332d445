package dev.weft.future;

import java.util.Optional;

/**
 * A sequence of values that arrive over time: the asynchronous {@link java.util.Iterator}.
 *
 * <p>{@link #pollNext(Context)} answers ready with the next element, ready with an empty
 * {@link Optional} once the stream has ended (and on every poll after that), or pending after
 * registering {@code cx.waker()}, exactly like {@link Future#poll(Context)}. Elements are never
 * {@code null}. The rules of {@link Future} hold: one poll at a time, no lost wake-ups, and
 * {@link #cancel()} exactly once when an unfinished stream is abandoned.
 *
 * {@snippet :
 * final class Count implements Stream<Integer> {
 *     private int next = 0;
 *     @Override public Poll<Optional<Integer>> pollNext(Context cx) {
 *         return Poll.ready(next < 3 ? Optional.of(next++) : Optional.empty());
 *     }
 * }
 * }
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface Stream<T> {

    /**
     * Tries to produce the next element without blocking.
     *
     * @param cx the context of the polling task
     * @return ready with the next element, ready with empty at the end, or pending
     * @throws Exception if producing the element failed; this ends the stream
     */
    Poll<Optional<T>> pollNext(Context cx) throws Exception;

    /**
     * Called exactly once by the owner when this stream, not yet ended, will never be polled again.
     * Undo every registration here. The default does nothing.
     */
    default void cancel() {}
}
