package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EventTest {

    @Test
    void notifyWithoutListenersDoesNothingAndIsNotRemembered() {
        Event e = new Event();
        assertThat(e.notifyAllListeners()).isZero();
        EventListener l = e.listen();
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(l).isPending()).isTrue();
        assertThat(e.notifyOne()).isTrue();
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(l).isReady()).isTrue();
    }

    @Test
    void notificationBetweenListenAndFirstPollIsKept() {
        Event e = new Event();
        EventListener l = e.listen();
        assertThat(e.notify(1)).isEqualTo(1);
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(l).isReady()).isTrue();
        assertThat(w.wakes()).isZero();
    }

    @Test
    void notifyCountsAlreadyNotifiedListenersButNotifyAdditionalDoesNot() {
        Event e = new Event();
        EventListener a = e.listen();
        EventListener b = e.listen();
        EventListener c = e.listen();
        assertThat(e.notify(1)).isEqualTo(1);
        assertThat(e.notify(1)).isZero(); // a is already notified
        assertThat(e.waiting()).isEqualTo(2);
        assertThat(e.notifyAdditional(1)).isEqualTo(1); // b
        assertThat(e.notify(2)).isZero(); // a and b are notified
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(a).isReady()).isTrue();
        assertThat(w.poll(b).isReady()).isTrue();
        assertThat(w.poll(c).isPending()).isTrue();
        assertThat(e.notify(1)).isEqualTo(1);
        assertThat(w.poll(c).isReady()).isTrue();
        assertThat(w.wakes()).isEqualTo(1);
    }

    @Test
    void notifyWakesInFifoOrder() {
        Event e = new Event();
        EventListener[] ls = new EventListener[5];
        CountingWaker[] ws = new CountingWaker[5];
        for (int i = 0; i < 5; i++) {
            ls[i] = e.listen();
            ws[i] = new CountingWaker();
            assertThat(ws[i].poll(ls[i]).isPending()).isTrue();
        }
        e.notifyAdditional(2);
        assertThat(ws[0].wakes() + ws[1].wakes()).isEqualTo(2);
        assertThat(ws[2].wakes() + ws[3].wakes() + ws[4].wakes()).isZero();
        assertThat(e.notifyAllListeners()).isEqualTo(3);
        for (CountingWaker w : ws) assertThat(w.wakes()).isEqualTo(1);
    }

    @Test
    void cancelledNotifiedListenerPassesTheNotificationOn() {
        Event e = new Event();
        EventListener a = e.listen();
        EventListener b = e.listen();
        CountingWaker wa = new CountingWaker();
        CountingWaker wb = new CountingWaker();
        assertThat(wa.poll(a).isPending()).isTrue();
        assertThat(wb.poll(b).isPending()).isTrue();
        e.notify(1);
        assertThat(wa.wakes()).isEqualTo(1);
        assertThat(wb.wakes()).isZero();
        a.cancel();
        assertThat(wb.wakes()).isEqualTo(1);
        assertThat(wb.poll(b).isReady()).isTrue();
        assertThat(e.waiting()).isZero();
    }

    @Test
    void cancelledUnnotifiedListenerLeavesNothingBehind() {
        Event e = new Event();
        EventListener a = e.listen();
        a.cancel();
        a.cancel();
        assertThat(e.waiting()).isZero();
        assertThat(e.notifyAllListeners()).isZero();
    }

    @Test
    void pollAfterCompletionFails() {
        Event e = new Event();
        EventListener a = e.listen();
        e.notifyOne();
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(a).isReady()).isTrue();
        assertThatThrownBy(() -> w.poll(a)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void checkListenRecheckLosesNoNotificationAcrossThreads() throws Exception {
        // 100,000 hand-offs of a flag between two threads through one Event.
        Event e = new Event();
        AtomicBoolean flag = new AtomicBoolean();
        int rounds = 100_000;
        AtomicInteger seen = new AtomicInteger();
        Thread consumer = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < rounds; i++) {
                while (!flag.compareAndSet(true, false)) {
                    EventListener l = e.listen();
                    if (flag.get()) {
                        l.cancel();
                        continue;
                    }
                    Weft.blockOn(l);
                }
                seen.incrementAndGet();
            }
        });
        for (int i = 0; i < rounds; i++) {
            while (flag.get()) Thread.onSpinWait();
            flag.set(true);
            e.notifyOne();
        }
        consumer.join(50_000);
        assertThat(consumer.isAlive()).isFalse();
        assertThat(seen.get()).isEqualTo(rounds);
    }
}
