package dev.weft.future;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collector;
import java.util.stream.Collectors;

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

    /**
     * A stream of the elements of {@code source}, always ready. The iterator is made on the first
     * poll; elements must not be {@code null}.
     *
     * {@snippet :
     * Stream<Integer> s = Stream.fromIterable(List.of(1, 2, 3));
     * }
     *
     * @param source the elements
     * @param <T> the element type
     * @return a stream of them
     */
    static <T> Stream<T> fromIterable(Iterable<? extends T> source) {
        return new FromIterable<>(source);
    }

    /**
     * Applies {@code fn} to each element. Cancelling cancels this stream.
     *
     * {@snippet :
     * Stream<String> s = Stream.fromIterable(List.of(1, 2)).map(i -> "#" + i);
     * }
     *
     * @param fn the function; must not answer {@code null}
     * @param <R> the new element type
     * @return the mapped stream
     */
    default <R> Stream<R> map(Function<? super T, ? extends R> fn) {
        return new StreamMap<>(this, fn);
    }

    /**
     * Keeps the elements {@code keep} accepts. Cancelling cancels this stream.
     *
     * {@snippet :
     * Stream<Integer> even = Stream.fromIterable(List.of(1, 2, 3, 4)).filter(i -> i % 2 == 0);
     * }
     *
     * @param keep the predicate
     * @return the filtered stream
     */
    default Stream<T> filter(Predicate<? super T> keep) {
        return new StreamFilter<>(this, keep);
    }

    /**
     * The first {@code n} elements; after the {@code n}th this stream is cancelled (it is abandoned
     * unfinished) and the result ends.
     *
     * {@snippet :
     * Stream<Integer> two = Stream.fromIterable(List.of(1, 2, 3)).take(2);
     * }
     *
     * @param n how many elements, {@code >= 0}
     * @return the shortened stream
     */
    default Stream<T> take(long n) {
        return new StreamTake<>(this, n);
    }

    /**
     * A future that hands every element to {@code action} and completes when the stream ends.
     * Woken when the stream is; throws what the stream or the action throws; cancelling cancels the
     * stream (elements already handed over stay handed over).
     *
     * {@snippet :
     * dev.weft.Weft.await(Stream.fromIterable(List.of(1, 2)).forEach(System.out::println));
     * }
     *
     * @param action what to do with each element
     * @return a future of the end of the stream
     */
    default Future<Void> forEach(Consumer<? super T> action) {
        return new ForEach<>(this, action);
    }

    /**
     * A future that collects every element and completes with the collector's result when the
     * stream ends. Woken when the stream is; throws what the stream throws; cancelling cancels the
     * stream and drops what was collected.
     *
     * {@snippet :
     * String s = dev.weft.Weft.await(Stream.fromIterable(List.of("a", "b")).collect(Collectors.joining(","))); // "a,b"
     * }
     *
     * @param collector how to collect
     * @param <A> the collector's container type
     * @param <R> the result type
     * @return a future of the result
     */
    default <A, R> Future<R> collect(Collector<? super T, A, R> collector) {
        return new Collect<>(this, collector);
    }

    /**
     * A future of every element in order: {@code collect(Collectors.toList())}, unmodifiable.
     *
     * {@snippet :
     * List<Integer> l = dev.weft.Weft.await(Stream.fromIterable(List.of(1, 2)).toList()); // [1, 2]
     * }
     *
     * @return a future of the list of elements
     */
    default Future<List<T>> toList() {
        return collect(Collectors.toUnmodifiableList());
    }

    /**
     * A future of the next element, or empty at the end. It borrows this stream: cancelling it
     * leaves the stream as it is, so it is cancel-safe (an element is taken only when the future
     * completes with it). Woken when the stream is; throws what the stream throws.
     *
     * {@snippet :
     * Stream<Integer> s = Stream.fromIterable(List.of(7));
     * Optional<Integer> first = dev.weft.Weft.await(s.next()); // Optional[7]
     * }
     *
     * @return a future of the next element
     */
    default Future<Optional<T>> next() {
        return new Next<>(this);
    }
}
