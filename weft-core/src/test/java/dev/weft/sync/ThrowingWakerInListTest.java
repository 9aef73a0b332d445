package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Poll;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.Wakes;
import dev.weft.testkit.ThrowingWaker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A waker that throws does not stop the wakes of the other waiters in the same list. */
class ThrowingWakerInListTest {

    /** Runs {@code body} with failures reported to the returned list instead of the thread's handler. */
    private static List<Throwable> reportedDuring(Runnable body) {
        List<Throwable> seen = new ArrayList<>();
        FailureSink prev = Wakes.installSink(seen::add);
        try {
            body.run();
        } finally {
            Wakes.installSink(prev);
        }
        return seen;
    }

    @Test
    void notifyingAllListenersWakesThoseAfterAThrowingWaker() {
        for (int badIndex = 0; badIndex < 3; badIndex++) {
            Event e = new Event();
            CountingWaker[] good = {new CountingWaker(), new CountingWaker()};
            RuntimeException boom = new RuntimeException("listener waker " + badIndex);
            ThrowingWaker bad = new ThrowingWaker(boom);
            List<EventListener> listeners = new ArrayList<>();
            int g = 0;
            for (int i = 0; i < 3; i++) {
                EventListener l = e.listen();
                listeners.add(l);
                Poll<Void> p = i == badIndex ? l.poll(bad.context()) : good[g++].poll(l);
                assertThat(p.isPending()).isTrue();
            }
            List<Throwable> seen = reportedDuring(e::notifyAllListeners);
            assertThat(seen).containsExactly(boom);
            assertThat(bad.wakes()).isEqualTo(1);
            assertThat(good[0].wakes()).as("woken despite listener %d's waker", badIndex).isEqualTo(1);
            assertThat(good[1].wakes()).as("woken despite listener %d's waker", badIndex).isEqualTo(1);
        }
    }

    @Test
    void releasingPermitsWakesEveryAcquirerWhateverOneWakerThrows() {
        Semaphore sem = new Semaphore(0);
        CountingWaker first = new CountingWaker();
        CountingWaker last = new CountingWaker();
        RuntimeException boom = new RuntimeException("acquirer waker");
        ThrowingWaker bad = new ThrowingWaker(boom);
        var a = sem.acquire(1);
        var b = sem.acquire(1);
        var c = sem.acquire(1);
        assertThat(first.poll(a).isPending()).isTrue();
        try {
            assertThat(b.poll(bad.context()).isPending()).isTrue();
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
        assertThat(last.poll(c).isPending()).isTrue();
        List<Throwable> seen = reportedDuring(() -> sem.release(3));
        assertThat(seen).containsExactly(boom);
        assertThat(first.wakes()).isEqualTo(1);
        assertThat(last.wakes()).isEqualTo(1);
        assertThat(first.poll(a).isReady()).isTrue();
        assertThat(last.poll(c).isReady()).isTrue();
    }

    @Test
    void closingAChannelWakesEveryWaitingReceiver() {
        var ch = Channel.<Integer>bounded(4);
        CountingWaker first = new CountingWaker();
        CountingWaker last = new CountingWaker();
        RuntimeException boom = new RuntimeException("receiver waker");
        ThrowingWaker bad = new ThrowingWaker(boom);
        Receiver<Integer> rx = ch.receiver();
        var r1 = rx.recv();
        var r2 = rx.recv();
        var r3 = rx.recv();
        assertThat(first.poll(r1).isPending()).isTrue();
        try {
            assertThat(r2.poll(bad.context()).isPending()).isTrue();
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
        assertThat(last.poll(r3).isPending()).isTrue();
        List<Throwable> seen = reportedDuring(() -> ch.sender().closeChannel());
        assertThat(seen).containsExactly(boom);
        assertThat(first.wakes()).isEqualTo(1);
        assertThat(last.wakes()).isEqualTo(1);
    }
}
