package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every channel flavour promises its receiver ({@link ChannelFlavour#all()}: bounded at three
 * capacities, unbounded, broadcast, oneshot), checked against each: a waiting receive is woken
 * once by a send and answers it, re-registers with a new waker, keeps its message when cancelled,
 * sees messages in the order sent, drains then ends when the senders close, is woken by that close
 * while waiting, and misses no wake from another thread. Flavour-specific behaviour (waiting sends,
 * lag, the oneshot's single use) stays in each flavour's own test.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChannelContractTest {
    private static final int CROSS_THREAD_ROUNDS = 3_000;

    static List<ChannelFlavour> flavours() {
        return ChannelFlavour.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void aWaitingReceiveIsWokenOnceByASendAndAnswersTheMessage(ChannelFlavour f) {
        ChannelFlavour.Open ch = f.open();
        CountingWaker w = new CountingWaker();
        Future<Integer> recv = ch.recv();
        assertThat(w.poll(recv).isPending()).isTrue();
        assertThat(w.poll(recv).isPending()).isTrue();
        assertThat(w.wakes()).isZero();
        ch.send(7);
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(recv)).isEqualTo(Poll.ready(7));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void aWaitingReceivePolledWithANewWakerIsWokenThroughTheNewOne(ChannelFlavour f) {
        ChannelFlavour.Open ch = f.open();
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        Future<Integer> recv = ch.recv();
        assertThat(first.poll(recv).isPending()).isTrue();
        assertThat(second.poll(recv).isPending()).isTrue();
        ch.send(3);
        assertThat(first.wakes()).isZero();
        assertThat(second.wakes()).isEqualTo(1);
        assertThat(second.poll(recv)).isEqualTo(Poll.ready(3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void aCancelledWaitingReceiveLeavesItsMessageForTheNextReceive(ChannelFlavour f) {
        assumeTrue(f.cancelKeepsMessage(), "a oneshot's receive is its receiver: cancelling it gives the channel up");
        ChannelFlavour.Open ch = f.open();
        CountingWaker w = new CountingWaker();
        Future<Integer> recv = ch.recv();
        assertThat(w.poll(recv).isPending()).isTrue();
        ch.send(5); // wakes recv, which is cancelled before it polls again
        assertThat(w.wakes()).isEqualTo(1);
        recv.cancel();
        assertThat(new CountingWaker().poll(ch.recv())).isEqualTo(Poll.ready(5));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void messagesArriveInTheOrderSent(ChannelFlavour f) {
        ChannelFlavour.Open ch = f.open();
        int n = Math.min(f.capacity(), 16);
        for (int i = 0; i < n; i++) ch.send(i);
        CountingWaker w = new CountingWaker();
        for (int i = 0; i < n; i++) assertThat(w.poll(ch.recv())).isEqualTo(Poll.ready(i));
        if (f.endsAfterMessages()) assertThat(ch.tryRecv()).isNull();
        assertThat(w.wakes()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void closingTheSendersLetsTheReceiverDrainWhatWasSentThenEnds(ChannelFlavour f) {
        assumeTrue(f.endsAfterMessages(), "a oneshot delivers its one message and is done");
        ChannelFlavour.Open ch = f.open();
        int n = Math.min(f.capacity(), 3);
        for (int i = 0; i < n; i++) ch.send(i);
        ch.closeSenders();
        CountingWaker w = new CountingWaker();
        for (int i = 0; i < n; i++) assertThat(w.poll(ch.recv())).isEqualTo(Poll.ready(i));
        assertThatThrownBy(() -> w.poll(ch.recv())).isInstanceOf(ChannelClosedException.class);
        assertThatThrownBy(ch::tryRecv).isInstanceOf(ChannelClosedException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void closingTheSendersWakesAWaitingReceiveWithTheEnd(ChannelFlavour f) {
        ChannelFlavour.Open ch = f.open();
        CountingWaker w = new CountingWaker();
        Future<Integer> recv = ch.recv();
        assertThat(w.poll(recv).isPending()).isTrue();
        ch.closeSenders();
        assertThat(w.wakes()).isEqualTo(1);
        assertThatThrownBy(() -> w.poll(recv)).isInstanceOf(ChannelClosedException.class);
    }

    /** The contract can fail: a receive that registers the wrong waker breaks the wake checks. */
    @Test
    void theContractCatchesAReceiveThatRegistersTheWrongWaker() {
        ChannelFlavour broken = ChannelFlavour.forgetfulReceive();
        assertThatThrownBy(() -> aWaitingReceiveIsWokenOnceByASendAndAnswersTheMessage(broken))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> aWaitingReceivePolledWithANewWakerIsWokenThroughTheNewOne(broken))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> closingTheSendersWakesAWaitingReceiveWithTheEnd(broken))
                .isInstanceOf(AssertionError.class);
    }

    /**
     * A receiving thread blocks on each message while the test's thread sends them, a fresh
     * channel per round, each round's sends made just as the receiver starts to wait: a wake lost between the receive's check and its registration hangs the
     * receiver (the timeout fails the test) and a message lost or reordered fails the comparison.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("flavours")
    void aReceiverOnAnotherThreadMissesNoWakeAndNoMessage(ChannelFlavour f) throws Exception {
        int perRound = Math.min(f.capacity(), 4);
        ChannelFlavour.Open[] rounds = new ChannelFlavour.Open[CROSS_THREAD_ROUNDS];
        for (int i = 0; i < rounds.length; i++) rounds[i] = f.open();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        AtomicInteger at = new AtomicInteger(-1); // the round the receiver is about to wait in
        long[] received = new long[1];
        Thread receiver = Thread.ofPlatform().name("contract-receiver").start(() -> {
            try {
                for (int i = 0; i < rounds.length; i++) {
                    ChannelFlavour.Open ch = rounds[i];
                    at.set(i);
                    for (int m = 0; m < perRound; m++) {
                        int got = Weft.blockOn(ch.recv());
                        if (got != m) throw new AssertionError("expected message " + m + ", got " + got);
                        received[0]++;
                    }
                    if (f.endsAfterMessages()) {
                        assertThatThrownBy(() -> Weft.blockOn(ch.recv())).isInstanceOf(ChannelClosedException.class);
                    }
                }
            } catch (Throwable t) {
                failed.set(t);
            }
        });
        for (int i = 0; i < rounds.length; i++) {
            while (at.get() < i && receiver.isAlive()) Thread.onSpinWait(); // send as it starts to wait
            for (int m = 0; m < perRound; m++) rounds[i].send(m);
            rounds[i].closeSenders();
        }
        receiver.join(TimeUnit.SECONDS.toMillis(50));
        assertThat(receiver.isAlive()).as("the receiver still waits: a lost wake (received %d)", received[0]).isFalse();
        if (failed.get() != null) throw new AssertionError(failed.get());
        assertThat(received[0]).isEqualTo((long) CROSS_THREAD_ROUNDS * perRound);
    }
}
