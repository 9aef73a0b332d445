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
 * <p>{@link #pollNext(Context)} answers ready with the next element, {@link #end()} (a
 * {@link Poll.End}) once the stream has ended (and on every poll after that), or pending after
 * registering {@code cx.waker()}, exactly like {@link Future#poll(Context)}. Elements are never
 * {@code null} (as in {@link java.util.concurrent.Flow}). The rules of {@link Future} hold: one
 * poll at a time, no lost wake-ups, and {@link #cancel()} exactly once when an unfinished stream is
 * abandoned.
 *
 * <p>Reading an answer:
 * {@snippet :
 * Poll<String> p = lines.pollNext(cx);
 * if (p.isPending()) return Poll.pending();           // cx.waker() is woken when there is more
 * if (AsyncStream.isEnd(p)) return Poll.ready(count); // the end
 * String line = p.value();                            // the element
 * if (line == null) throw new NullPointerException(lines + " answered a null element"); // its bug
 * count++;
 * }
 * or, as a {@code switch} over the three kinds of {@link Poll}:
 * {@snippet :
 * switch (lines.pollNext(cx)) {
 *     case Poll.Ready<String>(var line) -> count++;
 *     case Poll.Pending<String> pending -> { return Poll.pending(); }
 *     case Poll.End<String> end -> { return Poll.ready(count); }
 * }
 * }
 *
 * {@snippet :
 * final class Count implements AsyncStream<Integer> {
 *     private int next = 0;
 *     @Override public Poll<Integer> pollNext(Context cx) {
 *         return next < 3 ? Poll.ready(next++) : AsyncStream.end();
 *     }
 * }
 * }
 *
 * <h2>Why {@code Poll<T>} with an end of its own, and not {@code Poll<Optional<T>>}</h2>
 * Rust's {@code Poll<Option<T>>} costs nothing: both layers are values. In Java each layer is an
 * object, so {@code Poll<Optional<T>>} cost two allocations per element (32 B where the JIT could
 * not remove them, 16 B even in a fully inlined loop: {@code weft-bench}'s
 * {@code AsyncStreamBench}). Elements being non-null, the {@code Optional} carries no information
 * the {@code Poll} cannot, so an element is one {@link Poll.Ready} and the end is one shared
 * instance of a third kind of {@code Poll}, {@link Poll.End} ({@link #end()}, tested with
 * {@link #isEnd(Poll)}). Measured with {@code -prof gc}: 16 B per element (its {@code Ready})
 * whether the consumer's loop inlines an always-ready stream, the answer escapes, or the stream
 * also answers pending; 32 B through {@code map}/{@code filter}/{@code forEach} (was 48 with
 * {@code Optional}). The alternatives weighed:
 * <ul>
 *   <li><em>{@code Poll.ready(null)} as the end</em>: free too, but a buggy stream answering a
 *       {@code null} element would silently end its consumer. Every consumer in Weft that meets a
 *       ready {@code null} throws {@link NullPointerException} naming the stream instead.</li>
 *   <li><em>a shared {@code Poll.Ready} of {@code null} of its own, told apart by
 *       identity</em>: cheaper where C2 inlines the whole loop (0 B per element in the inlined
 *       always-ready loop, 16 B through the combinators; the same 16 B everywhere else): there C2
 *       removed a new {@code Ready} merged with an end of the same class, and keeps one merged
 *       with an end of another class. But a {@code Poll.Ready(var v)} pattern matches it too, so a
 *       consumer that pattern-matches reads the end as a {@code null} element. {@link Poll.End} is
 *       not a {@code Ready}; besides those bytes, the cost is that an exhaustive {@code switch}
 *       over a future's {@code Poll} has a case for an answer a future never gives.</li>
 *   <li><em>a push-style {@code pollNext(cx, Consumer<T>)}</em>: no answer object at all, but a
 *       callback per element, a capturing lambda at most call sites, and combinators that can no
 *       longer hand an element back to their caller.</li>
 *   <li><em>a sentinel object of type {@code Object}</em> (as JCTools' queues answer {@code null}):
 *       not typeable without unchecked casts that would leak to every caller.</li>
 * </ul>
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface AsyncStream<T> {

    /**
     * Tries to produce the next element without blocking.
     *
     * @param cx the context of the polling task
     * @return ready with the next element (never {@code null}), {@link #end()} at the end, or
     *     pending
     * @throws Exception if producing the element failed; this ends the stream
     */
    Poll<T> pollNext(Context cx) throws Exception;

    /**
     * Called exactly once by the owner when this stream, not yet ended, will never be polled again.
     * Undo every registration here. The default does nothing.
     */
    default void cancel() {}

    /**
     * The answer of {@link #pollNext(Context)} at the end of a stream: the one {@link Poll.End}.
     * It is neither ready nor pending, and has no {@link Poll#value() value}.
     *
     * {@snippet :
     * AsyncStream<String> none = cx -> AsyncStream.end();
     * assert AsyncStream.isEnd(none.pollNext(Context.noop()));
     * }
     *
     * @param <T> the element type
     * @return the end
     */
    @SuppressWarnings("unchecked")
    static <T> Poll<T> end() {
        return (Poll<T>) Poll.End.INSTANCE;
    }

    /**
     * Whether {@code p}, an answer of {@link #pollNext(Context)}, is the {@link #end()}.
     *
     * @param p the answer
     * @return whether it is a {@link Poll.End} (a ready {@code null} is a bug of the stream, not
     *     an end)
     */
    static boolean isEnd(Poll<?> p) {
        return p instanceof Poll.End;
    }

    /**
     * A stream of the elements of {@code source}, always ready. The iterator is made on the first
     * poll; elements must not be {@code null}.
     *
     * {@snippet :
     * AsyncStream<Integer> s = AsyncStream.fromIterable(List.of(1, 2, 3));
     * }
     *
     * @param source the elements
     * @param <T> the element type
     * @return a stream of them
     */
    static <T> AsyncStream<T> fromIterable(Iterable<? extends T> source) {
        return new FromIterable<>(source);
    }

    /**
     * Applies {@code fn} to each element. Cancelling cancels this stream.
     *
     * {@snippet :
     * AsyncStream<String> s = AsyncStream.fromIterable(List.of(1, 2)).map(i -> "#" + i);
     * }
     *
     * @param fn the function; must not answer {@code null}
     * @param <R> the new element type
     * @return the mapped stream
     */
    default <R> AsyncStream<R> map(Function<? super T, ? extends R> fn) {
        return new AsyncStreamMap<>(this, fn);
    }

    /**
     * Keeps the elements {@code keep} accepts. Cancelling cancels this stream.
     *
     * {@snippet :
     * AsyncStream<Integer> even = AsyncStream.fromIterable(List.of(1, 2, 3, 4)).filter(i -> i % 2 == 0);
     * }
     *
     * @param keep the predicate
     * @return the filtered stream
     */
    default AsyncStream<T> filter(Predicate<? super T> keep) {
        return new AsyncStreamFilter<>(this, keep);
    }

    /**
     * The first {@code n} elements; after the {@code n}th this stream is cancelled (it is abandoned
     * unfinished) and the result ends.
     *
     * {@snippet :
     * AsyncStream<Integer> two = AsyncStream.fromIterable(List.of(1, 2, 3)).take(2);
     * }
     *
     * @param n how many elements, {@code >= 0}
     * @return the shortened stream
     */
    default AsyncStream<T> take(long n) {
        return new AsyncStreamTake<>(this, n);
    }

    /**
     * A future that hands every element to {@code action} and completes when the stream ends.
     * Woken when the stream is; throws what the stream or the action throws; cancelling cancels the
     * stream (elements already handed over stay handed over).
     *
     * {@snippet :
     * dev.weft.Weft.await(AsyncStream.fromIterable(List.of(1, 2)).forEach(System.out::println));
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
     * String s = dev.weft.Weft.await(AsyncStream.fromIterable(List.of("a", "b")).collect(Collectors.joining(","))); // "a,b"
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
     * List<Integer> l = dev.weft.Weft.await(AsyncStream.fromIterable(List.of(1, 2)).toList()); // [1, 2]
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
     * AsyncStream<Integer> s = AsyncStream.fromIterable(List.of(7));
     * Optional<Integer> first = dev.weft.Weft.await(s.next()); // Optional[7]
     * }
     *
     * @return a future of the next element
     */
    default Future<Optional<T>> next() {
        return new Next<T, Exception>(this);
    }

    /**
     * A future of the next element, or {@code null} at the end: {@link #next()} without the
     * {@code Optional} (elements are never {@code null}, so {@code null} is free to mean the end).
     * It borrows this stream as {@code next()} does: cancelling it leaves the stream as it is, and
     * an element is taken only when the future completes with it. It keeps no state of its own, so
     * a stream may give out one such future for all its elements; a channel's
     * {@link dev.weft.sync.Receiver#stream() stream} does, and a loop that awaits its messages one by
     * one then allocates no future per message (Rust's {@code rx.recv().await}, whose future lives
     * in the awaiting state machine).
     *
     * {@snippet :
     * AsyncStream<Integer> s = AsyncStream.fromIterable(List.of(7));
     * Integer first = dev.weft.Weft.await(s.nextOrNull());  // 7
     * Integer none = dev.weft.Weft.await(s.nextOrNull());   // null: the end
     * }
     *
     * @return a future of the next element, or of {@code null} at the end
     */
    default Future<T> nextOrNull() {
        return new NextOrNull<T, Exception>(this);
    }
}
