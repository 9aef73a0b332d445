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

    private static UringPoller poller(BufRing.Maker maker) throws Exception {
        UringPoller p = new UringPoller(new Buffers(), maker);
        assertThat(p.bufRing()).as("the kernel refused the ring: %s", p.bufRingRefusal()).isNotNull();
        return p;
    }

    @Test
    void theDefaultPollerReceivesIntoARingOf256BuffersOf16KiB() throws Exception {
        UringPoller p = new UringPoller();
        try {
            assertThat(p.bufRing()).as("refused: %s", p.bufRingRefusal()).isNotNull();
            assertThat(p.bufRing().entries * p.bufRing().size).isEqualTo(256 * 16 * 1024);
            BufRingStress s = new BufRingStress(p, BOUND);
            s.stream(4, 4 * MB, 40_000, 3, 0);
            assertThat(s.corrupt).as("bytes out of place").isZero();
            assertThat(s.unaccounted).as("turns whose lent buffers were not the queued ones").isZero();
            assertThat(p.bufRing().held()).as("buffers not back in the ring").isZero();
        } finally {
            p.close();
        }
    }

    @Test
    void manyMegabytesArriveInOrderThroughReadsSmallerAndLargerThanTheRingsBuffers() throws Exception {
        UringPoller p = poller((fd, wake) -> new BufRing(fd, 0, 16, 4096, wake));
        BufRing ring = p.bufRing();
        try {
            BufRingStress s = new BufRingStress(p, BOUND);
            s.stream(6, 4 * MB, 3 * 4096, 3, 0);
            assertThat(s.corrupt).as("bytes out of place").isZero();
            assertThat(s.unaccounted).as("turns whose lent buffers were not the queued ones").isZero();
            p.close();
            assertThat(ring.held()).as("buffers not back in the ring").isZero();
            assertThat(ring.misuse()).as("buffers lent twice or given back unlent").isZero();
        } finally {
            p.close();
        }
    }

    /** The broken variant gives each buffer back at its completion: the kernel refills it before the slow reader copies it. */
    @Test
    void theOrderCheckCatchesBuffersGivenBackBeforeTheirBytesWereCopied() throws Exception {
        UringPoller p = poller((fd, wake) -> new TestRings.EarlyGive(fd, 16, 4096, wake));
        try {
            BufRingStress s = new BufRingStress(p, BOUND);
            s.stream(6, MB, 3 * 4096, 3, 0);
            System.out.printf("broken variant (buffer given back at its completion): %d bytes out of place%n", s.corrupt);
            assertThat(s.corrupt).as("bytes overwritten before they were copied").isPositive();
        } finally {
            p.close();
        }
    }

    @Test
    void aRingOfTwoBuffersRunsOutAndEveryMultishotIsReArmedWithNothingLostOrReordered() throws Exception {
        int[] fd = new int[1];
        UringPoller p = poller((f, wake) -> new TestRings.Counting(fd[0] = f, 2, 4096, wake));
        TestRings.Counting ring = (TestRings.Counting) p.bufRing();
        try {
            BufRingStress s = new BufRingStress(p, BOUND);
            s.stream(6, MB / 2, 3000, 4, 0);
            System.out.printf("two buffers: %d multishot ends, %d of them ENOBUFS%n", ring.ends, ring.nobufsEnds);
            assertThat(ring.nobufsEnds).as("multishots ended by ENOBUFS").isPositive();
            assertThat(s.corrupt).as("bytes out of place").isZero();
            assertThat(s.unaccounted).as("turns whose lent buffers were not the queued ones").isZero();
            p.close();
            assertThat(ring.held()).as("buffers not back in the ring").isZero();
            assertThat(ring.misuse()).isZero();
        } finally {
            p.close();
        }
    }

    /** The broken variant does not re-arm a multishot at its end: a reader waiting through ENOBUFS is never woken. */
    @Test
    void theReArmCheckCatchesAMultishotLeftEndedAfterACompletionWithoutMore() throws Exception {
        UringPoller p = poller((f, wake) -> new TestRings.NoRearm(f, 2, 4096, wake));
        try {
            BufRingStress s = new BufRingStress(p, 5_000_000_000L);
            assertThatThrownBy(() -> s.stream(6, MB / 2, 3000, 4, 0)).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("every byte");
            System.out.printf("broken variant (no re-arm): %d ENOBUFS ends, stuck%n", ((TestRings.Counting) p.bufRing()).nobufsEnds);
        } finally {
            p.close();
        }
    }

    @Test
    void cancelledReadsLoseNothingAndClosedStreamsGiveEveryBufferBack() throws Exception {
        UringPoller p = poller((fd, wake) -> new BufRing(fd, 0, 8, 4096, wake));
        BufRing ring = p.bufRing();
        try {
            BufRingStress s = new BufRingStress(p, BOUND);
            s.stream(6, 2 * MB, 6000, 3, 5);
            s.closeMidFlight(100, 6);
            System.out.printf("%d reads cancelled, %d streams closed holding buffers%n", s.cancels, s.closedHolding);
            assertThat(s.cancels).isPositive();
            assertThat(s.closedHolding).as("streams closed with buffers queued").isPositive();
            assertThat(s.corrupt).as("bytes out of place").isZero();
            assertThat(s.unaccounted).as("turns whose lent buffers were not the queued ones").isZero();
            assertThat(p.inFlight()).isZero();
            assertThat(ring.held()).as("buffers not back in the ring").isZero();
            assertThat(ring.misuse()).isZero();
        } finally {
            p.close();
        }
    }

    /** The broken variant keeps a closed stream's queued buffers: the count finds them missing from the ring. */
    @Test
    void theCountCatchesAClosedStreamKeepingItsBuffers() throws Exception {
        UringPoller p = poller((fd, wake) -> new TestRings.KeepOnClose(fd, 8, 4096, wake));
        try {
            BufRingStress s = new BufRingStress(p, BOUND);
            s.closeMidFlight(100, 6);
            System.out.printf("broken variant (kept at close): %d buffers not back, %d streams closed holding%n",
                    p.bufRing().held(), s.closedHolding);
            assertThat(p.bufRing().held()).as("buffers not back in the ring").isPositive();
        } finally {
            p.close();
        }
    }

    @Test
    void closingThePollerUnregistersTheRingAndFreesItsMemory() throws Exception {
        int[] fd = new int[1];
        UringPoller p = poller((f, wake) -> new BufRing(fd[0] = f, 0, 8, 4096, wake));
        BufRing ring = p.bufRing();
        assertThatThrownBy(() -> new BufRing(fd[0], 0, 8, 4096, () -> {})).as("group 0 is taken")
                .isInstanceOf(Ring.UringException.class).hasMessageContaining("errno 17");
        ring.close(false); // what the poller's close does after it reaped: the group is free again
        new BufRing(fd[0], 0, 8, 4096, () -> {}).close(false);
        assertThatThrownBy(() -> ring.buffer(0).get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
        p.close();
    }

    /** Where the kernel refuses the ring (here: 3 buffers, not a power of two), streams receive with one recv per read. */
    @Test
    void aRefusedRingLeavesOneRecvPerReadAndTheBytesStillArriveInOrder() throws Exception {
        UringPoller p = new UringPoller(new Buffers(), (fd, wake) -> new BufRing(fd, 0, 3, 4096, wake));
        try {
            assertThat(p.bufRing()).isNull();
            assertThat(p.bufRingRefusal()).contains("PBUF_RING").contains("errno 22");
            BufRingStress s = new BufRingStress(p, BOUND);
            s.stream(4, 2 * MB, 40_000, 3, 5);
            assertThat(s.corrupt).as("bytes out of place").isZero();
        } finally {
            p.close();
        }
        UringPoller q = new UringPoller(new Buffers(), (fd, wake) -> new BufRing(fd, 0, 4, 4096, wake));
        try {
            assertThat(q.bufRing()).as("the same shape with a power of two is taken (the premise)").isNotNull();
        } finally {
            q.close();
        }
    }
}
