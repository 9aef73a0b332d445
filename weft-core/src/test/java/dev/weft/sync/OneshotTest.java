package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Poll;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OneshotTest {

    @Test
    void sendWakesTheWaitingReceiver() {
        Oneshot<String> o = Oneshot.create();
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(o.receiver()).isPending()).isTrue();
        o.sender().send("x");
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(o.receiver())).isEqualTo(Poll.ready("x"));
        assertThatThrownBy(() -> o.sender().send("y")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void senderClosedWithoutSendingFailsTheReceiver() {
        Oneshot<String> o = Oneshot.create();
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(o.receiver()).isPending()).isTrue();
        o.sender().close();
        assertThat(w.wakes()).isEqualTo(1);
        assertThatThrownBy(() -> w.poll(o.receiver())).isInstanceOf(ChannelClosedException.class);
    }

    @Test
    void cancelledReceiverMakesSendFailWithTheMessage() {
        Oneshot<String> o = Oneshot.create();
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(o.receiver()).isPending()).isTrue();
        o.receiver().cancel();
        assertThat(o.sender().isClosed()).isTrue();
        assertThatThrownBy(() -> o.sender().send("m"))
                .isInstanceOfSatisfying(ChannelClosedException.class, e -> assertThat(e.unsent()).isEqualTo("m"));
        assertThat(w.wakes()).isZero();
    }

    @Test
    void crossThreadSendIsReceived() throws Exception {
        for (int i = 0; i < 10_000; i++) {
            Oneshot<Integer> o = Oneshot.create();
            int v = i;
            Thread t = Thread.ofVirtual().start(() -> o.sender().send(v));
            assertThat(Weft.blockOn(o.receiver())).isEqualTo(v);
            t.join();
        }
    }

    @Test
    void tryRecv() {
        Oneshot<Integer> o = Oneshot.create();
        assertThat(o.receiver().tryRecv()).isNull();
        o.sender().send(3);
        assertThat(o.receiver().isReady()).isTrue();
        assertThat(o.receiver().tryRecv()).isEqualTo(3);
        assertThatThrownBy(() -> o.receiver().tryRecv()).isInstanceOf(IllegalStateException.class);
    }
}
