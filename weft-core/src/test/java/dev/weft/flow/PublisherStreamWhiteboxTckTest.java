package dev.weft.flow;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowSubscriberWhiteboxVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

/**
 * The Reactive Streams TCK's white-box subscriber rules, on the subscriber that
 * {@link FlowAdapters#toAsyncStream(Flow.Publisher, int)} makes (batch 4), drained by a task of a
 * real two-worker runtime. The probe sees each signal as it reaches the stream's buffer. The
 * puppet's {@code triggerRequest} has nothing to add: the stream requests on its own as its task
 * drains it (a batch at first, then half a batch each time half a batch was taken), which meets any
 * number of triggered elements. Its {@code signalCancel} asks the draining task to cancel the
 * stream, since only the task that polls a stream may cancel it. (TestNG, run by the JUnit
 * Platform's TestNG engine.)
 */
public class PublisherStreamWhiteboxTckTest extends FlowSubscriberWhiteboxVerification<Long> {
    private WeftRuntime rt;

    public PublisherStreamWhiteboxTckTest() {
        super(new TestEnvironment(StreamPublisherTckTest.TIMEOUT_MS, StreamPublisherTckTest.NO_SIGNAL_MS));
    }

    @BeforeClass
    public void startRuntime() {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("tck-whitebox-").onUncaughtException(e -> {}).build();
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        if (rt != null) rt.close();
    }

    /** Drains a stream; cancels it instead when asked from another thread. */
    static final class Drain implements Future<Void> {
        private final AsyncStream<Long> stream;
        private volatile boolean cancelAsked;
        private volatile Waker waker;

        Drain(AsyncStream<Long> stream) {
            this.stream = stream;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            waker = cx.waker(); // before reading cancelAsked: askCancel writes it, then reads waker
            if (cancelAsked) {
                stream.cancel();
                return Poll.ready(null);
            }
            while (true) {
                Poll<Long> p = stream.pollNext(cx);
                if (p.isPending()) return Poll.pending();
                if (AsyncStream.isEnd(p)) return Poll.ready(null);
            }
        }

        void askCancel() {
            cancelAsked = true;
            Waker w = waker;
            if (w != null) w.wake();
        }

        @Override
        public void cancel() {
            stream.cancel();
        }
    }

    @Override
    @SuppressWarnings("unchecked") // it is the SubscriberBuffer<Long> of the stream
    public Flow.Subscriber<Long> createFlowSubscriber(WhiteboxSubscriberProbe<Long> probe) {
        CompletableFuture<Flow.Subscriber<? super Long>> handedOver = new CompletableFuture<>();
        Flow.Publisher<Long> handOver = handedOver::complete;
        Drain drain = new Drain(FlowAdapters.toAsyncStream(handOver, 4));
        rt.spawn(drain).detach();
        Flow.Subscriber<Long> buffer;
        try {
            buffer = (Flow.Subscriber<Long>) handedOver.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the stream's first poll did not subscribe", e);
        }
        return new Flow.Subscriber<>() {
            private boolean registered;

            @Override
            public void onSubscribe(Flow.Subscription s) {
                buffer.onSubscribe(s);
                if (registered) return; // a second subscription: the buffer cancelled it
                registered = true;
                probe.registerOnSubscribe(new SubscriberPuppet() {
                    @Override
                    public void triggerRequest(long elements) {}

                    @Override
                    public void signalCancel() {
                        drain.askCancel();
                    }
                });
            }

            @Override
            public void onNext(Long item) {
                buffer.onNext(item);
                probe.registerOnNext(item);
            }

            @Override
            public void onError(Throwable error) {
                buffer.onError(error);
                probe.registerOnError(error);
            }

            @Override
            public void onComplete() {
                buffer.onComplete();
                probe.registerOnComplete();
            }
        };
    }

    @Override
    public Long createElement(int element) {
        return (long) element;
    }
}
