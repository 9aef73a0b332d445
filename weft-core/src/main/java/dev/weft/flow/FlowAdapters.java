package dev.weft.flow;

import dev.weft.exec.WorkStealingExecutor;
import dev.weft.future.AsyncStream;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Bridges between {@link java.util.concurrent.Flow} (Reactive Streams: the JDK's
 * {@code SubmissionPublisher}, Reactor, RxJava, Mutiny, Akka/Pekko Streams, HTTP client bodies) and
 * Weft's {@link AsyncStream}. Both directions follow the Reactive Streams specification and are
 * checked by its TCK.
 *
 * {@snippet :
 * try (WeftRuntime rt = WeftRuntime.builder().workers(2).build();
 *      SubmissionPublisher<String> pub = new SubmissionPublisher<>()) {
 *     AsyncStream<String> words = FlowAdapters.toAsyncStream(pub); // subscribes on its first poll
 *     Task<List<String>> all = rt.spawn(words.toList());
 *     // ... once subscribed: pub.submit("a"); pub.submit("b"); pub.close();
 *
 *     Flow.Publisher<Integer> numbers = FlowAdapters.toPublisher(
 *             () -> AsyncStream.fromIterable(List.of(1, 2, 3)), rt.executor()); // a fresh stream per subscriber
 *     numbers.subscribe(new Flow.Subscriber<>() {
 *         public void onSubscribe(Flow.Subscription s) { s.request(Long.MAX_VALUE); }
 *         public void onNext(Integer i) { System.out.println(i); }
 *         public void onError(Throwable t) { t.printStackTrace(); }
 *         public void onComplete() { System.out.println("done"); }
 *     });
 * }
 * }
 *
 * <h2>Publisher to stream</h2>
 * The stream subscribes when it is first polled, asks for {@code batch} elements as soon as
 * {@code onSubscribe} arrives, and asks again for what was taken each time half a batch has been
 * taken: at most {@code batch} elements are ever buffered, and a fast publisher waits for a slow
 * poller (back-pressure). Each signal, from whichever thread the publisher uses, wakes the task
 * polling the stream.
 *
 * <h2>Stream to publisher</h2>
 * Streams are single-use (one owner, polled to the end once), while a publisher may be subscribed
 * to many times (the TCK subscribes several subscribers to one publisher, Rule 1.11). So
 * {@link #toPublisher(Supplier, WorkStealingExecutor)} takes a supplier, called once per subscriber: a cold
 * publisher, each subscriber getting the whole sequence from its own stream, polled by its own task
 * on the given executor. To hand one existing stream to one subscriber, use
 * {@link #toPublisherOnce(AsyncStream, WorkStealingExecutor)}: later subscribers are refused with
 * {@code onSubscribe} followed by {@code onError(IllegalStateException)} (Rule 1.9).
 *
 * <p>Memory consistency effects: actions of a publisher's thread before it signals
 * {@code onNext(x)} happen-before the poll that answers {@code x}; actions of a subscriber's
 * thread before {@code request(n)} happen-before the {@code onNext} calls this demand allows, and
 * everything the task did to produce an element happens-before its {@code onNext}.
 */
public final class FlowAdapters {
    /** The default batch of {@link #toAsyncStream(Flow.Publisher)}: elements requested at a time. */
    public static final int DEFAULT_BATCH = 32;

    private FlowAdapters() {}

    /**
     * The elements of {@code publisher} as a stream, {@link #DEFAULT_BATCH} requested at a time.
     *
     * @param publisher the source; subscribed to on the first poll
     * @param <T> the element type
     * @return a stream of what it publishes
     * @see #toAsyncStream(Flow.Publisher, int)
     */
    public static <T> AsyncStream<T> toAsyncStream(Flow.Publisher<? extends T> publisher) {
        return toAsyncStream(publisher, DEFAULT_BATCH);
    }

    /**
     * The elements of {@code publisher} as a stream that buffers at most {@code batch} of them.
     *
     * <p>Its {@code pollNext}: woken by each signal of the publisher ({@code onSubscribe},
     * {@code onNext}, {@code onError}, {@code onComplete}); answers the end after
     * {@code onComplete} and the elements before it; throws the throwable of {@code onError}
     * (after the elements before it; a {@link Throwable} that is neither an {@link Exception} nor
     * an {@link Error} wrapped in a {@link java.util.concurrent.CompletionException}), or
     * {@link IllegalStateException} or {@link NullPointerException} if the publisher breaks the
     * protocol (an {@code onNext} without demand, a {@code null} signal; the subscription is then
     * cancelled). Cancel-safe: an element is taken out of the buffer only by the poll that answers
     * it. {@link AsyncStream#cancel()} cancels the subscription and drops what is buffered.
     *
     * {@snippet :
     * AsyncStream<ByteBuffer> body = FlowAdapters.toAsyncStream(bodyPublisher, 4); // at most 4 buffers held
     * }
     *
     * @param publisher the source; subscribed to on the first poll
     * @param batch how many elements to request at a time, {@code >= 1}
     * @param <T> the element type
     * @return a stream of what it publishes
     * @throws IllegalArgumentException if {@code batch < 1}
     */
    public static <T> AsyncStream<T> toAsyncStream(Flow.Publisher<? extends T> publisher, int batch) {
        Objects.requireNonNull(publisher, "publisher");
        if (batch < 1) throw new IllegalArgumentException("batch < 1: " + batch);
        return new PublisherStream<>(publisher, batch);
    }

    /**
     * A cold publisher: each subscriber gets the elements of a stream of its own, made by
     * {@code streams}, polled by a task spawned on {@code executor} for that subscription.
     *
     * <p>The task polls the stream only while the subscriber has demand, delivers at most 64
     * elements per poll before yielding its worker, and signals {@code onComplete} at the end of
     * the stream, {@code onError} with what the stream (or the supplier) threw, or
     * {@code onError(IllegalArgumentException)} for a non-positive request (Rule 3.9).
     * {@code cancel} cancels the stream and ends the task. If the executor's runtime closes, the
     * stream is cancelled and the subscriber gets {@code onError(CancellationException)}.
     *
     * {@snippet :
     * Flow.Publisher<Integer> p = FlowAdapters.toPublisher(() -> AsyncStream.fromIterable(List.of(1, 2)), rt.executor());
     * }
     *
     * @param streams called once per subscriber, on the subscribing thread; must answer a new stream
     *     each time
     * @param executor where each subscription's task runs
     * @param <T> the element type
     * @return the publisher
     */
    public static <T> Flow.Publisher<T> toPublisher(Supplier<? extends AsyncStream<? extends T>> streams, WorkStealingExecutor executor) {
        return new StreamPublisher<>(Objects.requireNonNull(streams, "streams"), Objects.requireNonNull(executor, "executor"));
    }

    /**
     * A publisher of one existing stream, to its first subscriber, as
     * {@link #toPublisher(Supplier, WorkStealingExecutor)} does; every later subscriber is refused with
     * {@code onSubscribe} and then {@code onError(IllegalStateException)}.
     *
     * {@snippet :
     * Flow.Publisher<String> p = FlowAdapters.toPublisherOnce(channel.receiver().stream(), rt.executor());
     * }
     *
     * @param stream the stream, owned by the publisher from now on
     * @param executor where the subscription's task runs
     * @param <T> the element type
     * @return the single-use publisher
     */
    public static <T> Flow.Publisher<T> toPublisherOnce(AsyncStream<? extends T> stream, WorkStealingExecutor executor) {
        Objects.requireNonNull(stream, "stream");
        AtomicBoolean taken = new AtomicBoolean();
        Supplier<AsyncStream<? extends T>> once = () -> {
            if (!taken.compareAndSet(false, true)) {
                throw new IllegalStateException(stream + " is published once, to its first subscriber:"
                        + " use FlowAdapters.toPublisher(Supplier, WorkStealingExecutor) for a stream per subscriber");
            }
            return stream;
        };
        return toPublisher(once, executor);
    }
}
