package dev.weft.net.internal.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Multishot receive into the provided buffer ring ({@link BufRingStress}, driven by hand): many
 * megabytes through readers whose buffers are smaller and larger than the ring's, in order; a ring
 * of two buffers shared by slow readers, so the kernel answers {@code ENOBUFS} and the multishots
 * must be re-armed; reads cancelled and streams closed while they hold buffers, every buffer
 * counted back; and the poller without a ring where the kernel refuses it. Each check is shown to
 * catch a broken variant of {@link TestRings}.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class UringBufRingTest {
    private static final long MB = 1024 * 1024;
    private static final long BOUND = 120_000_000_000L;

    @BeforeEach
    void uring() {
        UringProbe.Result r = UringProbe.result();
        assumeTrue(r.available(), () -> "io_uring is not available here: " + r.reason());
    }

    /** What a test does with its poller and a stress driver of it. */
    private interface Body {
        void run(UringPoller p, BufRingStress s) throws Exception;
    }

    /** Runs {@code body} on a poller made by {@code maker} (its drive bounded by {@code bound} ns); closes it after. */
    private static void on(BufRing.Maker maker, long bound, Body body) throws Exception {
        UringPoller p = maker == null ? new UringPoller() : new UringPoller(new Buffers(), maker);
        try {
            body.run(p, new BufRingStress(p, bound));
        } finally {
            p.close();
        }
    }

    /** Every byte in its place, the lent buffers the queued ones after every turn; closed, every buffer back in the ring. */
    private static void assertInOrderAndEveryBufferBack(BufRingStress s, UringPoller p) {
        BufRing ring = p.bufRing();
        assertThat(ring).as("the kernel refused the ring: %s", p.bufRingRefusal()).isNotNull();
        assertThat(s.corrupt).as("bytes out of place").isZero();
        assertThat(s.unaccounted).as("turns whose lent buffers were not the queued ones").isZero();
        p.close();
        assertThat(p.inFlight()).as("ops in flight after close").isZero();
        assertThat(ring.held()).as("buffers not back in the ring").isZero();
        assertThat(ring.misuse()).as("buffers lent twice or given back unlent").isZero();
    }

    /** The probe tells a kernel with multishot receive (EBADF for descriptor -1) from 5.19's (EINVAL at prep). */
    @Test
    void theProbeFindsMultishotReceiveOnThisKernel() {
        assertThat(UringProbe.multishotRecv()).isTrue();
        assertThat(UringProbe.takesRecv(1 << 14)).as("a flag no kernel knows is refused at prep, as 5.19 refuses MULTISHOT").isFalse();
    }

    @Test
    void theDefaultPollerReceivesIntoARingOf256BuffersOf16KiB() throws Exception {
        on(null, BOUND, (p, s) -> {
            assertThat(p.bufRing().entries * p.bufRing().size).isEqualTo(256 * 16 * 1024);
            s.stream(4, 4 * MB, 40_000, 3, 0);
            assertInOrderAndEveryBufferBack(s, p);
        });
    }

    @Test
    void manyMegabytesArriveInOrderThroughReadsSmallerAndLargerThanTheRingsBuffers() throws Exception {
        on((fd, wake) -> new BufRing(fd, 0, 16, 4096, wake), BOUND, (p, s) -> {
            s.stream(6, 4 * MB, 3 * 4096, 3, 0);
            assertInOrderAndEveryBufferBack(s, p);
        });
    }

    /** The broken variant gives each buffer back at its completion: the kernel refills it before the slow reader copies it. */
    @Test
    void theOrderCheckCatchesBuffersGivenBackBeforeTheirBytesWereCopied() throws Exception {
        on((fd, wake) -> new TestRings.EarlyGive(fd, 16, 4096, wake), BOUND, (p, s) -> {
            s.stream(6, MB, 3 * 4096, 3, 0);
            System.out.printf("broken variant (buffer given back at its completion): %d bytes out of place%n", s.corrupt);
            assertThat(s.corrupt).as("bytes overwritten before they were copied").isPositive();
        });
    }

    @Test
    void aRingOfTwoBuffersRunsOutAndEveryMultishotIsReArmedWithNothingLostOrReordered() throws Exception {
        on((fd, wake) -> new TestRings.Counting(fd, 2, 4096, wake), BOUND, (p, s) -> {
            TestRings.Counting ring = (TestRings.Counting) p.bufRing();
            s.stream(6, MB / 2, 3000, 4, 0);
            System.out.printf("two buffers: %d multishot ends, %d of them ENOBUFS%n", ring.ends, ring.nobufsEnds);
            assertThat(ring.nobufsEnds).as("multishots ended by ENOBUFS").isPositive();
            assertInOrderAndEveryBufferBack(s, p);
        });
    }

    /** The broken variant does not re-arm a multishot at its end: a reader waiting through ENOBUFS is never woken. */
    @Test
    void theReArmCheckCatchesAMultishotLeftEndedAfterACompletionWithoutMore() throws Exception {
        on((fd, wake) -> new TestRings.NoRearm(fd, 2, 4096, wake), 5_000_000_000L, (p, s) -> {
            assertThatThrownBy(() -> s.stream(6, MB / 2, 3000, 4, 0)).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("every byte");
            System.out.printf("broken variant (no re-arm): %d ENOBUFS ends, stuck%n", ((TestRings.Counting) p.bufRing()).nobufsEnds);
        });
    }

    @Test
    void cancelledReadsLoseNothingAndClosedStreamsGiveEveryBufferBack() throws Exception {
        on((fd, wake) -> new BufRing(fd, 0, 8, 4096, wake), BOUND, (p, s) -> {
            s.stream(6, 2 * MB, 6000, 3, 5);
            s.closeMidFlight(100, 6);
            System.out.printf("%d reads cancelled, %d streams closed holding buffers%n", s.cancels, s.closedHolding);
            assertThat(s.cancels).isPositive();
            assertThat(s.closedHolding).as("streams closed with buffers queued").isPositive();
            assertInOrderAndEveryBufferBack(s, p);
        });
    }

    /** The broken variant keeps a closed stream's queued buffers: the count finds them missing from the ring. */
    @Test
    void theCountCatchesAClosedStreamKeepingItsBuffers() throws Exception {
        on((fd, wake) -> new TestRings.KeepOnClose(fd, 8, 4096, wake), BOUND, (p, s) -> {
            s.closeMidFlight(100, 6);
            System.out.printf("broken variant (kept at close): %d buffers not back, %d streams closed holding%n",
                    p.bufRing().held(), s.closedHolding);
            assertThat(p.bufRing().held()).as("buffers not back in the ring").isPositive();
        });
    }

    @Test
    void closingThePollerUnregistersTheRingAndFreesItsMemory() throws Exception {
        int[] fd = new int[1];
        on((f, wake) -> new BufRing(fd[0] = f, 0, 8, 4096, wake), BOUND, (p, s) -> {
            BufRing ring = p.bufRing();
            assertThatThrownBy(() -> new BufRing(fd[0], 0, 8, 4096, () -> {})).as("group 0 is taken")
                    .isInstanceOf(Ring.UringException.class).hasMessageContaining("errno 17");
            ring.close(false); // what the poller's close does after it reaped: the group is free again
            new BufRing(fd[0], 0, 8, 4096, () -> {}).close(false);
            assertThatThrownBy(() -> ring.buffer(0).get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
        });
    }

    /** Where the kernel refuses the ring (here: 3 buffers, not a power of two), streams receive with one recv per read. */
    @Test
    void aRefusedRingLeavesOneRecvPerReadAndTheBytesStillArriveInOrder() throws Exception {
        on((fd, wake) -> new BufRing(fd, 0, 3, 4096, wake), BOUND, (p, s) -> {
            assertThat(p.bufRing()).isNull();
            assertThat(p.bufRingRefusal()).contains("PBUF_RING").contains("errno 22");
            s.stream(4, 2 * MB, 40_000, 3, 5);
            assertThat(s.corrupt).as("bytes out of place").isZero();
            assertThat(s.cancels).as("reads cancelled on the one-recv-per-read path").isPositive();
        });
        on((fd, wake) -> new BufRing(fd, 0, 4, 4096, wake), BOUND, (p, s) ->
                assertThat(p.bufRing()).as("the same shape with a power of two is taken (the premise)").isNotNull());
    }
}
