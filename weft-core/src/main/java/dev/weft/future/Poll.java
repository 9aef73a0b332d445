package dev.weft.future;

import java.util.NoSuchElementException;

/**
 * The answer of one {@link Future#poll(Context) poll}: either {@link Ready} with the output, or
 * {@link Pending}; and of one {@link AsyncStream#pollNext(Context) pollNext}: {@link Ready} with
 * the next element, {@link Pending}, or {@link End} once the stream has ended. A future never
 * answers {@link End}.
 *
 * <p>The pending answer is one shared instance ({@link #pending()}), so a future that is not done
 * yet allocates nothing to say so. A ready answer is a small record (16 bytes), usually a new one
 * per ready poll ({@link #ready} of {@code null} answers one shared instance). Whether the JIT removes
 * a new {@code Ready} depends on the code around it and cannot be counted on: with
 * {@code -prof gc}, {@code AsyncStreamBench} measures 16 bytes per element wherever the answer
 * could also be the shared pending poll or the end of a stream, even in a loop that inlines an
 * always-ready stream, and reworking a channel receive and its callers so that C2 might remove
 * its {@code Ready} did not help ({@code weft-bench/RESULTS.md}).
 *
 * {@snippet :
 * Poll<String> p = Poll.ready("hi");
 * if (p instanceof Poll.Ready<String>(var value)) System.out.println(value);
 * assert Poll.<String>pending().isPending();
 * assert !(AsyncStream.<String>end() instanceof Poll.Ready<String>); // the end is not an element
 * }
 *
 * @param <T> the output type
 */
public sealed interface Poll<T> permits Poll.Ready, Poll.Pending, Poll.End {

    /**
     * The future completed with {@code value}.
     *
     * @param value the output, may be {@code null}
     * @param <T> the output type
     */
    record Ready<T>(T value) implements Poll<T> {}

    /**
     * The future is not done; it has arranged for the waker of the {@link Context} it was polled
     * with to be woken when it can make progress.
     *
     * @param <T> the output type
     */
    final class Pending<T> implements Poll<T> {
        static final Pending<?> INSTANCE = new Pending<>();

        private Pending() {}

        @Override
        public String toString() {
            return "Pending";
        }
    }

    /**
     * The stream has ended: the answer of {@link AsyncStream#pollNext(Context)} at the end and on
     * every poll after it. It is one shared instance, {@link AsyncStream#end()}, and neither a
     * {@link Ready} (so a {@code Poll.Ready(var v)} pattern never reads the end as an element) nor
     * {@link Pending}; it has no {@link #value()}. A future never answers it: a task or
     * {@code blockOn} whose future answers it fails with an {@link IllegalStateException}.
     *
     * {@snippet :
     * switch (stream.pollNext(cx)) {
     *     case Poll.Ready<String>(var line) -> seen.add(line);
     *     case Poll.Pending<String> pending -> { return Poll.pending(); }
     *     case Poll.End<String> e -> { return Poll.ready(seen); }
     * }
     * }
     *
     * @param <T> the element type
     */
    final class End<T> implements Poll<T> {
        static final End<?> INSTANCE = new End<>();

        private End() {}

        @Override
        public String toString() {
            return "AsyncStream.end()";
        }
    }

    /**
     * The ready answer. For {@code null} (the output of futures run for their effect) it is one
     * shared instance, so such a future allocates nothing to answer even where the JIT cannot
     * remove the allocation (a task keeps its future's answer as its outcome).
     *
     * @param value the output, may be {@code null}
     * @param <T> the output type
     * @return a ready poll holding {@code value}
     */
    @SuppressWarnings("unchecked")
    static <T> Poll<T> ready(T value) {
        return value == null ? (Poll<T>) ReadyOfNull.INSTANCE : new Ready<>(value);
    }

    /**
     * The pending answer; always the same instance.
     *
     * @param <T> the output type
     * @return the shared pending poll
     */
    @SuppressWarnings("unchecked")
    static <T> Poll<T> pending() {
        return (Poll<T>) Pending.INSTANCE;
    }

    /** @return whether this is {@link Ready} */
    default boolean isReady() {
        return this instanceof Ready;
    }

    /** @return whether this is {@link Pending} */
    default boolean isPending() {
        return this instanceof Pending;
    }

    /**
     * The output of a ready poll.
     *
     * @return the output
     * @throws NoSuchElementException if this poll is pending, or the end of a stream
     */
    default T value() {
        if (this instanceof Ready<T>(T v)) return v;
        if (this instanceof End) throw new NoSuchElementException("the end of a stream has no value");
        throw new NoSuchElementException("poll is pending");
    }
}
