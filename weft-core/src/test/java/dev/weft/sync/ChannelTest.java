package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChannelTest {

    @Test
    void boundedSendWaitsWhenFullAndIsWokenByRecv() {
        Channel<Integer> ch = Channel.bounded(2);
        assertThat(ch.sender().trySend(1)).isTrue();
        assertThat(ch.sender().trySend(2)).isTrue();
        assertThat(ch.sender().trySend(3)).isFalse();
        CountingWaker w = new CountingWaker();
        Future<Void> send = ch.sender().send(3);
        assertThat(w.poll(send).isPending()).isTrue();
        assertThat(ch.receiver().tryRecv()).isEqualTo(1);
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(send).isReady()).isTrue();
        assertThat(ch.receiver().tryRecv()).isEqualTo(2);
        assertThat(ch.receiver().tryRecv()).isEqualTo(3);
        assertThat(ch.receiver().tryRecv()).isNull();
    }

    @Test
    void recvWaitsWhenEmptyAndIsWokenBySend() {
        Channel<String> ch = Channel.unbounded();
        CountingWaker w = new CountingWaker();
        Future<String> recv = ch.receiver().recv();
        assertThat(w.poll(recv).isPending()).isTrue();
        assertThat(w.poll(recv).isPending()).isTrue();
        ch.sender().trySend("a");
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(recv)).isEqualTo(Poll.ready("a"));
    }

    @Test
    void aLoneWaiterPolledWithANewWakerIsWokenThroughTheNewOne() {
        Channel<Integer> ch = Channel.bounded(1);
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        Future<Integer> recv = ch.receiver().recv();
        assertThat(first.poll(recv).isPending()).isTrue(); // the lone waiter: the solo slot
        assertThat(second.poll(recv).isPending()).isTrue(); // moved on to the new waker
        ch.sender().trySend(5);
        assertThat(first.wakes()).isZero();
        assertThat(second.wakes()).isEqualTo(1);
        assertThat(second.poll(recv)).isEqualTo(Poll.ready(5));
    }

    @Test
    void receiversAreNotifiedFirstComeFirstServedAcrossTheSoloSlotAndTheList() {
        Channel<Integer> ch = Channel.bounded(4);
        CountingWaker[] w = new CountingWaker[3];
        List<Future<Integer>> recvs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            w[i] = new CountingWaker();
            recvs.add(ch.receiver().recv());
            assertThat(w[i].poll(recvs.get(i)).isPending()).isTrue();
        }
        for (int i = 0; i < 3; i++) {
            ch.sender().trySend(i);
            for (int j = 0; j < 3; j++) assertThat(w[j].wakes()).as("waker " + j + " after send " + i).isEqualTo(j <= i ? 1 : 0);
        }
        for (int i = 0; i < 3; i++) assertThat(w[i].poll(recvs.get(i))).isEqualTo(Poll.ready(i));
        ch.sender().trySend(9);
        for (int i = 0; i < 3; i++) assertThat(w[i].wakes()).as("no waiter left to wake").isEqualTo(1);
    }

    @Test
    void cancelledRecvLosesNoMessage() {
        Channel<Integer> ch = Channel.unbounded();
        CountingWaker w = new CountingWaker();
        Future<Integer> recv = ch.receiver().recv();
        assertThat(w.poll(recv).isPending()).isTrue();
        ch.sender().trySend(7); // wakes recv, which is then cancelled before its next poll
        assertThat(w.wakes()).isEqualTo(1);
        recv.cancel();
        assertThat(ch.receiver().tryRecv()).isEqualTo(7);
    }

    @Test
    void cancelledRecvThatWasNotifiedPassesTheWakeUpToAnotherReceiver() {
        Channel<Integer> ch = Channel.unbounded();
        CountingWaker wa = new CountingWaker();
        CountingWaker wb = new CountingWaker();
        Future<Integer> a = ch.receiver().recv();
        Future<Integer> b = ch.receiver().recv();
        assertThat(wa.poll(a).isPending()).isTrue();
        assertThat(wb.poll(b).isPending()).isTrue();
        ch.sender().trySend(1);
        assertThat(wa.wakes()).isEqualTo(1);
        assertThat(wb.wakes()).isZero();
        a.cancel(); // granted (notified) but cancelled: b must learn of the message
        assertThat(wb.wakes()).isEqualTo(1);
        assertThat(wb.poll(b)).isEqualTo(Poll.ready(1));
    }

    @Test
    void cancelledSendOnAFullChannelSendsNothingAndPassesRoomOn() {
        Channel<Integer> ch = Channel.bounded(1);
        ch.sender().trySend(0);
        CountingWaker wa = new CountingWaker();
        CountingWaker wb = new CountingWaker();
        Future<Void> a = ch.sender().send(1);
        Future<Void> b = ch.sender().send(2);
        assertThat(wa.poll(a).isPending()).isTrue();
        assertThat(wb.poll(b).isPending()).isTrue();
        assertThat(ch.receiver().tryRecv()).isZero(); // room: a is notified
        assertThat(wa.wakes()).isEqualTo(1);
        assertThat(wb.wakes()).isZero();
        a.cancel(); // cancel after grant: the room goes to b
        assertThat(wb.wakes()).isEqualTo(1);
        assertThat(wb.poll(b).isReady()).isTrue();
        assertThat(ch.receiver().tryRecv()).isEqualTo(2);
        assertThat(ch.receiver().tryRecv()).isNull(); // message 1 was never sent
    }

    @Test
    void cancelledPendingSendLeavesNothingBehind() {
        Channel<Integer> ch = Channel.bounded(1);
        ch.sender().trySend(0);
        CountingWaker w = new CountingWaker();
        Future<Void> a = ch.sender().send(1);
        assertThat(w.poll(a).isPending()).isTrue();
        a.cancel();
        assertThat(ch.receiver().tryRecv()).isZero();
        assertThat(ch.receiver().tryRecv()).isNull();
        assertThat(w.wakes()).isZero();
    }

    @Test
    void closingTheLastSenderLetsReceiversDrainThenEnds() {
        Channel<Integer> ch = Channel.bounded(4);
        Sender<Integer> tx2 = ch.sender().newSender();
        ch.sender().trySend(1);
        tx2.trySend(2);
        CountingWaker w = new CountingWaker();
        ch.sender().close();
        assertThat(ch.receiver().isClosed()).isFalse();
        tx2.close();
        tx2.close(); // idempotent: does not count twice
        assertThat(ch.receiver().isClosed()).isTrue();
        Future<Integer> r1 = ch.receiver().recv();
        assertThat(w.poll(r1)).isEqualTo(Poll.ready(1));
        assertThat(ch.receiver().tryRecv()).isEqualTo(2);
        Future<Integer> r3 = ch.receiver().recv();
        assertThatThrownBy(() -> w.poll(r3)).isInstanceOf(ChannelClosedException.class);
        assertThatThrownBy(() -> ch.receiver().tryRecv()).isInstanceOf(ChannelClosedException.class);
        assertThatThrownBy(() -> ch.sender().trySend(3)).isInstanceOf(IllegalStateException.class); // handle closed
    }

    @Test
    void closeWakesWaitingReceiversWithTheEnd() {
        Channel<Integer> ch = Channel.unbounded();
        CountingWaker w = new CountingWaker();
        Future<Integer> r = ch.receiver().recv();
        assertThat(w.poll(r).isPending()).isTrue();
        ch.sender().close();
        assertThat(w.wakes()).isEqualTo(1);
        assertThatThrownBy(() -> w.poll(r)).isInstanceOf(ChannelClosedException.class);
    }

    @Test
    void closingTheLastReceiverFailsSendsAndHandsTheMessageBack() {
        Channel<String> ch = Channel.bounded(1);
        ch.sender().trySend("queued");
        CountingWaker w = new CountingWaker();
        Future<Void> waiting = ch.sender().send("waiting");
        assertThat(w.poll(waiting).isPending()).isTrue();
        Receiver<String> rx2 = ch.receiver().newReceiver();
        ch.receiver().close();
        assertThat(ch.sender().isClosed()).isFalse();
        rx2.close();
        assertThat(ch.sender().isClosed()).isTrue();
        assertThat(w.wakes()).isEqualTo(1);
        assertThatThrownBy(() -> w.poll(waiting))
                .isInstanceOfSatisfying(ChannelClosedException.class, e -> assertThat(e.unsent()).isEqualTo("waiting"));
        assertThatThrownBy(() -> ch.sender().trySend("late"))
                .isInstanceOfSatisfying(ChannelClosedException.class, e -> assertThat(e.unsent()).isEqualTo("late"));
        assertThatThrownBy(() -> Weft.blockOn(ch.sender().send("later")))
                .isInstanceOfSatisfying(ChannelClosedException.class, e -> assertThat(e.unsent()).isEqualTo("later"));
    }

    @Test
    void explicitCloseFromEitherEnd() {
        Channel<Integer> a = Channel.unbounded();
        a.sender().trySend(1);
        assertThat(a.receiver().closeChannel()).isTrue();
        assertThat(a.sender().closeChannel()).isFalse();
        assertThatThrownBy(() -> a.sender().trySend(2)).isInstanceOf(ChannelClosedException.class);
        assertThat(a.receiver().tryRecv()).isEqualTo(1);
        assertThatThrownBy(() -> a.receiver().tryRecv()).isInstanceOf(ChannelClosedException.class);

        Channel<Integer> b = Channel.bounded(3);
        b.sender().trySend(1);
        b.sender().trySend(2);
        assertThat(b.sender().closeChannel()).isTrue();
        assertThat(b.receiver().tryRecv()).isEqualTo(1);
        assertThat(b.receiver().tryRecv()).isEqualTo(2);
        assertThatThrownBy(() -> b.receiver().tryRecv()).isInstanceOf(ChannelClosedException.class);
    }

    @Test
    void streamYieldsEveryMessageThenEnds() {
        Channel<Integer> ch = Channel.bounded(8);
        AsyncStream<Integer> s = ch.receiver().stream();
        CountingWaker w = new CountingWaker();
        assertThat(w.pollNext(s).isPending()).isTrue();
        for (int i = 0; i < 5; i++) ch.sender().trySend(i);
        assertThat(w.wakes()).isEqualTo(1);
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < 5; i++) got.add(w.pollNext(s).value());
        assertThat(got).containsExactly(0, 1, 2, 3, 4);
        assertThat(w.pollNext(s).isPending()).isTrue();
        ch.sender().close();
        assertThat(w.pollNext(s)).isSameAs(AsyncStream.end());
        assertThat(w.pollNext(s)).isSameAs(AsyncStream.end());
    }

    @Test
    void aChannelStreamGivesOneReusedNextOrNullFutureThatIsWokenAndCancelSafe() {
        Channel<Integer> ch = Channel.bounded(1);
        AsyncStream<Integer> s = ch.receiver().stream();
        Future<Integer> next = s.nextOrNull();
        assertThat(s.nextOrNull()).isSameAs(next);
        assertThat(ch.receiver().stream().nextOrNull()).isNotSameAs(next);
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(next).isPending()).isTrue();
        next.cancel(); // leaves the stream, which is woken and answers as before
        assertThat(ch.sender().trySend(1)).isTrue();
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(next)).isEqualTo(Poll.ready(1));
        assertThat(w.poll(next).isPending()).isTrue();
        assertThat(ch.sender().trySend(2)).isTrue();
        assertThat(w.wakes()).isEqualTo(2);
        assertThat(w.poll(s.nextOrNull())).isEqualTo(Poll.ready(2));
        ch.sender().close();
        assertThat(w.poll(next)).isEqualTo(Poll.ready(null));
        assertThat(w.poll(next)).isEqualTo(Poll.ready(null));
    }

    @Test
    void recvAndSendYieldWhenTheCooperativeBudgetIsSpent() {
        Channel<Integer> ch = Channel.unbounded();
        for (int i = 0; i < Coop.BUDGET + 10; i++) ch.sender().trySend(i);
        CountingWaker w = new CountingWaker();
        Coop.reset();
        try {
            for (int i = 0; i < Coop.BUDGET; i++) assertThat(w.poll(ch.receiver().recv())).isEqualTo(Poll.ready(i));
            Future<Integer> over = ch.receiver().recv();
            assertThat(w.poll(over).isPending()).isTrue();
            assertThat(w.wakes()).isEqualTo(1); // the task is woken to run again later
            Future<Void> send = ch.sender().send(-1);
            assertThat(w.poll(send).isPending()).isTrue();
            Coop.reset(); // the next task poll
            assertThat(w.poll(over)).isEqualTo(Poll.ready(Coop.BUDGET)); // nothing was taken meanwhile
            assertThat(w.poll(send).isReady()).isTrue();
        } finally {
            Coop.unlimited();
        }
    }

    @Test
    void nullMessagesAreRejected() {
        Channel<String> ch = Channel.unbounded();
        assertThatThrownBy(() -> ch.sender().trySend(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Channel.bounded(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pingPongAcrossPlatformThreads() throws Exception {
        Channel<Integer> ping = Channel.bounded(1);
        Channel<Integer> pong = Channel.bounded(1);
        int rounds = 20_000;
        Thread b = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < rounds; i++) Weft.blockOn(pong.sender().send(Weft.blockOn(ping.receiver().recv()) + 1));
        });
        long sum = 0;
        for (int i = 0; i < rounds; i++) {
            Weft.blockOn(ping.sender().send(i));
            sum += Weft.blockOn(pong.receiver().recv());
        }
        b.join(30_000);
        assertThat(sum).isEqualTo((long) rounds * (rounds - 1) / 2 + rounds);
    }
}
