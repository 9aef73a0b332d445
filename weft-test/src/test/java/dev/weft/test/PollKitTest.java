package dev.weft.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import dev.weft.sync.Channel;
import dev.weft.sync.Oneshot;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The poll-by-hand kit itself: each check passes on the answer it expects and fails on any other. */
@Timeout(30)
class PollKitTest {

    @Test
    void aChannelReceiveStepsThroughPendingWokenReady() {
        CountingWaker w = new CountingWaker();
        Channel<String> ch = Channel.bounded(1);
        Future<String> recv = ch.receiver().recv();
        Polls.assertPending(recv, w);
        assertThat(w.count()).isZero();
        assertThat(ch.sender().trySend("hi")).isTrue();
        assertThat(w.count()).as("the send woke the receiver once").isEqualTo(1);
        assertThat(Polls.assertReady(recv, w)).isEqualTo("hi");
        assertThat(w.takeCount()).isEqualTo(1);
        assertThat(w.count()).isZero();
    }

    @Test
    void eachCheckFailsOnAnotherAnswer() {
        assertThatThrownBy(() -> Polls.assertPending(Future.ready(1))).hasMessageContaining("expected Pending");
        assertThatThrownBy(() -> Polls.assertReady(Future.pending())).hasMessageContaining("expected Ready");
        assertThatThrownBy(() -> Polls.assertThrows(Future.ready(1), new CountingWaker()))
                .hasMessageContaining("expected the poll to throw");
        IOException io = new IOException("io");
        Future<Integer> failing = cx -> {
            throw io;
        };
        assertThatThrownBy(() -> Polls.assertReady(failing)).hasMessageContaining("poll threw").hasCause(io);
        assertThat(Polls.assertThrows(failing, new CountingWaker())).isSameAs(io);
    }

    @Test
    void streamChecksTellAnElementPendingAndTheEndApart() {
        CountingWaker w = new CountingWaker();
        AsyncStream<Integer> s = AsyncStream.fromIterable(List.of(7));
        assertThat(Polls.assertNext(s, w)).isEqualTo(7);
        assertThatThrownBy(() -> Polls.assertNextPending(AsyncStream.fromIterable(List.of()), w))
                .hasMessageContaining("AsyncStream.end()");
        Polls.assertEnd(s, w);
        Channel<Integer> ch = Channel.bounded(1);
        Polls.assertNextPending(ch.receiver().stream(), w);
    }

    @Test
    void awaitWakesWaitsForWakesFromAnotherThreadWithABound() throws Exception {
        CountingWaker w = new CountingWaker();
        Oneshot<Integer> once = Oneshot.create();
        Polls.assertPending(once.receiver(), w);
        Thread t = Thread.ofPlatform().start(() -> once.sender().send(5));
        assertThat(w.awaitWakes(1, Duration.ofSeconds(10))).isEqualTo(1);
        t.join();
        assertThat(Polls.assertReady(once.receiver(), w)).isEqualTo(5);
        assertThatThrownBy(() -> w.awaitWakes(2, Duration.ofMillis(20))).isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected 2 wake(s)");
    }

    @Test
    void aProbeCountsPollsAndCancelsAndReportsMisuse() throws Exception {
        ProbeFuture<String> p = new ProbeFuture<>("p");
        CountingWaker w = new CountingWaker();
        Polls.assertPending(p, w);
        p.complete("v");
        assertThat(w.count()).isEqualTo(1);
        assertThat(Polls.assertReady(p, w)).isEqualTo("v");
        p.assertNoMisuse();
        p.cancel(); // after completion: misuse
        Polls.poll(p, w); // after completion: misuse
        assertThat(p.polls()).isEqualTo(3);
        assertThat(p.cancels()).isEqualTo(1);
        assertThatThrownBy(p::assertNoMisuse).hasMessageContaining("pollsAfterEnd=1 cancelsAfterEnd=1");
    }
}
