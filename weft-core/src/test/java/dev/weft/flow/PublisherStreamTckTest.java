package dev.weft.flow;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

/**
 * The Reactive Streams TCK's subscriber rules, checked on the subscriber that
 * {@link FlowAdapters#toAsyncStream(Flow.Publisher, int)} makes. Each subscriber under test belongs
 * to a stream drained by a task of a real two-worker runtime: the stream's first poll subscribes it
 * to a publisher that only hands it over to the TCK, which then signals it directly. A batch of 4
 * makes the TCK's runs of up to 512 elements go through many replenishing requests.
 * (TestNG, run by the JUnit Platform's TestNG engine.)
 */
public class PublisherStreamTckTest extends FlowSubscriberBlackboxVerification<Long> {
    private WeftRuntime rt;

    public PublisherStreamTckTest() {
        super(new TestEnvironment(StreamPublisherTckTest.TIMEOUT_MS, StreamPublisherTckTest.NO_SIGNAL_MS));
    }

    @BeforeClass
    public void startRuntime() {
        // some TCK runs end the stream with onError on purpose: the drain task then fails, quietly
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("tck-subscriber-").onUncaughtException(e -> {}).build();
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        if (rt != null) rt.close();
    }

    @Override
    @SuppressWarnings("unchecked") // it is the SubscriberBuffer<Long> of the stream
    public Flow.Subscriber<Long> createFlowSubscriber() {
        CompletableFuture<Flow.Subscriber<? super Long>> handedOver = new CompletableFuture<>();
        Flow.Publisher<Long> handOver = handedOver::complete;
        AsyncStream<Long> s = FlowAdapters.toAsyncStream(handOver, 4);
        Future<Void> drain = s.forEach(x -> {});
        rt.spawn(drain).detach();
        try {
            return (Flow.Subscriber<Long>) handedOver.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the stream's first poll did not subscribe", e);
        }
    }

    @Override
    public Long createElement(int element) {
        return (long) element;
    }
}
