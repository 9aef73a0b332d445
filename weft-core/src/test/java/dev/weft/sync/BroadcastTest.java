package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BroadcastTest {

    @Test
    void everyReceiverSeesEveryMessage() {
        Broadcast<Integer> b = Broadcast.create(8);
        BroadcastReceiver<Integer> r2 = b.sender().subscribe();
        assertThat(b.sender().send(1)).isEqualTo(2);
        b.sender().send(2);
        assertThat(Weft.blockOn(b.receiver().recv())).isEqualTo(1);
        assertThat(Weft.blockOn(b.receiver().recv())).isEqualTo(2);
        assertThat(r2.tryRecv()).isEqualTo(1);
        assertThat(r2.tryRecv()).isEqualTo(2);
        assertThat(r2.tryRecv()).isNull();
    }

    @Test
    void aLaggingReceiverLearnsHowManyItMissedThenContinues() {
        Broadcast<Integer> b = Broadcast.create(4);
        for (int i = 0; i < 10; i++) b.sender().send(i);
        BroadcastReceiver<Integer> rx = b.receiver();
        assertThat(rx.pending()).isEqualTo(4);
        assertThatThrownBy(() -> Weft.blockOn(rx.recv()))
                .isInstanceOfSatisfying(LaggedException.class, e -> assertThat(e.missed()).isEqualTo(6));
        for (int i = 6; i < 10; i++) assertThat(rx.tryRecv()).isEqualTo(i);
        assertThat(rx.tryRecv()).isNull();
    }

    @Test
    void waitingReceiversAreAllWokenAndCloseEndsThem() {
        Broadcast<String> b = Broadcast.create(2);
        BroadcastReceiver<String> r2 = b.sender().subscribe();
        CountingWaker w1 = new CountingWaker();
        CountingWaker w2 = new CountingWaker();
        Future<String> f1 = b.receiver().recv();
        Future<String> f2 = r2.recv();
        assertThat(w1.poll(f1).isPending()).isTrue();
        assertThat(w2.poll(f2).isPending()).isTrue();
        b.sender().send("x");
        assertThat(w1.wakes()).isEqualTo(1);
        assertThat(w2.wakes()).isEqualTo(1);
        assertThat(w1.poll(f1)).isEqualTo(Poll.ready("x"));
        f2.cancel(); // cancelled: r2's position did not move
        assertThat(r2.tryRecv()).isEqualTo("x");
        b.sender().close();
        assertThatThrownBy(() -> b.receiver().tryRecv()).isInstanceOf(ChannelClosedException.class);
        assertThatThrownBy(() -> b.sender().send("late")).isInstanceOf(ChannelClosedException.class);
    }

    @Test
    void subscribersOnlySeeLaterMessagesAndUnsubscribedAreNotCounted() {
        Broadcast<Integer> b = Broadcast.create(4);
        b.sender().send(1);
        BroadcastReceiver<Integer> late = b.sender().subscribe();
        b.sender().send(2);
        assertThat(late.tryRecv()).isEqualTo(2);
        late.close();
        late.close();
        assertThat(b.sender().send(3)).isEqualTo(1);
    }
}
