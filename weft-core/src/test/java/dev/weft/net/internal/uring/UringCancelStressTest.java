package dev.weft.net.internal.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Cancellation of in-flight io_uring operations, many times over ({@link CancelStress}): 10^4
 * cancellations of reads, accepts and connects (10^5 with {@code -Dweft.stress=true}). What must
 * hold: no completion lost (every cancelled op settles within a bound), nothing in flight at
 * {@code close()} (and nothing kept for good by it), no byte written into a buffer after it was
 * given back (every buffer is poisoned when given back and checked), every byte sent read back in
 * order, and the descriptors back to where they were.
 *
 * <p>{@link #theCheckCatchesBuffersGivenBackAtTheCancel()} runs the same reads with the broken
 * variant of {@link PoisonBuffers}: each cancelled read's buffer is given back at the cancel, as a
 * poller that freed it there would, and the check must find the bytes the kernel wrote into it
 * afterwards (or the poison read back in place of bytes the kernel wrote before).
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class UringCancelStressTest {
    private static final int SCALE = Boolean.getBoolean("weft.stress") ? 10 : 1;

    private static void assumeUring() {
        UringProbe.Result r = UringProbe.result();
        assumeTrue(r.available(), () -> "io_uring is not available here: " + r.reason());
    }

    @Test
    void cancelledReadsAcceptsAndConnectsLoseNoCompletionLeaveNothingInFlightAndWriteNoGivenBackBuffer() throws Exception {
        assumeUring();
        long fds = openFds();
        PoisonBuffers buffers = new PoisonBuffers(false);
        UringPoller p = new UringPoller(buffers);
        CancelStress s = new CancelStress(p, buffers);
        int leakedBefore = UringPoller.leaked();
        try {
            s.connects(2_500 * SCALE);
            s.accepts(2_500 * SCALE);
            s.reads(5_000 * SCALE, 16);
            assertThat(p.inFlight()).as("ops in flight before close").isZero();
        } finally {
            p.close();
        }
        System.out.printf("cancelled: %d connects, %d accepts, %d reads%n", s.connects, s.accepts, s.reads);
        assertThat(s.connects + s.accepts + s.reads).isEqualTo(10_000 * SCALE);
        assertThat(s.lost).as("bytes sent and not read back").isZero();
        assertThat(s.corrupt).as("bytes read back out of place").isZero();
        assertThat(s.touched).as("bytes written into given-back buffers").isZero();
        assertThat(p.inFlight()).as("ops in flight after close").isZero();
        assertThat(UringPoller.leaked()).as("ops kept for good at close").isEqualTo(leakedBefore);
        assertThat(openFds()).as("descriptors back to the baseline").isLessThanOrEqualTo(fds);
    }

    @Test
    void theCheckCatchesBuffersGivenBackAtTheCancel() throws Exception {
        assumeUring();
        PoisonBuffers buffers = new PoisonBuffers(true);
        UringPoller p = new UringPoller(buffers);
        CancelStress s = new CancelStress(p, buffers);
        try {
            s.reads(2_000, 16);
        } finally {
            p.close();
        }
        System.out.printf("broken variant: %d bytes written after the give, %d poisoned bytes read back%n", s.touched, s.corrupt);
        assertThat(s.touched + s.corrupt).as("bytes the kernel wrote into buffers given back at the cancel (or poison read back)")
                .isPositive();
    }

    private static long openFds() throws IOException {
        try (var s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        }
    }
}
