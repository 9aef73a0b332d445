package dev.weft.flow;

import dev.weft.exec.WeftRuntime;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.TestEnvironment;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

/**
 * The Reactive Streams TCK's publisher rules, checked on {@link FlowAdapters#toPublisher}: each
 * publisher publishes a {@link CountingStream} per subscriber, driven on a real two-worker runtime.
 * (TestNG, run by the JUnit Platform's TestNG engine.)
 */
public class StreamPublisherTckTest extends FlowPublisherVerification<Long> {
    /** Generous for a loaded two-core machine: a signal is expected within this many ms. */
    static final long TIMEOUT_MS = 1_000;
    /** How long to wait to conclude that no (further) signal comes. */
    static final long NO_SIGNAL_MS = 200;

    private WeftRuntime rt;

    public StreamPublisherTckTest() {
        super(new TestEnvironment(TIMEOUT_MS, NO_SIGNAL_MS), 500);
    }

    @BeforeClass
    public void startRuntime() {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("tck-publisher-").build();
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        if (rt != null) rt.close();
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        return FlowAdapters.toPublisher(() -> new CountingStream(elements), rt.executor());
    }

    @Override
    public Flow.Publisher<Long> createFailedFlowPublisher() {
        return FlowAdapters.toPublisher(() -> {
            throw new IllegalStateException("the stream cannot be made");
        }, rt.executor());
    }
}
