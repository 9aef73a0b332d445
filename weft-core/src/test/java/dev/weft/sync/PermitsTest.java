package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import org.junit.jupiter.api.Test;

/** The permit guard of a semaphore gives back exactly what it holds, once, on every way out. */
class PermitsTest {

    @Test
    void closingTheGuardHandsThePermitsToTheNextWaiter() {
        Semaphore sem = new Semaphore(2);
        Permits held = poll(sem.acquirePermits(2));
        assertThat(held.count()).isEqualTo(2);
        assertThat(sem.availablePermits()).isZero();

        Future<Permits> next = sem.acquirePermits(1);
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(next).isPending()).isTrue();
        held.close();
        assertThat(w.wakes()).as("the waiter was woken by the close").isEqualTo(1);
        assertThat(w.poll(next).value().count()).isEqualTo(1);
        assertThat(sem.availablePermits()).as("the second permit went back to the semaphore").isEqualTo(1);
    }

    @Test
    void aFailureInsideTryWithResourcesStillGivesThePermitsBack() {
        Semaphore sem = new Semaphore(3);
        assertThatThrownBy(() -> {
            try (Permits p = poll(sem.acquirePermits(3))) {
                assertThat(sem.availablePermits()).isZero();
                throw new IllegalStateException("the body failed");
            }
        }).hasMessage("the body failed");
        assertThat(sem.availablePermits()).isEqualTo(3);
    }

    @Test
    void releasingTwiceIsRefusedAndCloseAfterReleaseGivesNothingMore() {
        Semaphore sem = new Semaphore(1);
        Permits p = poll(sem.acquirePermits(1));
        p.release();
        assertThatThrownBy(p::release).isInstanceOf(IllegalStateException.class).hasMessageContaining("already released");
        p.close();
        assertThat(sem.availablePermits()).as("one permit, given back once").isEqualTo(1);
    }

    @Test
    void tryAcquirePermitsAnswersNullWhenThePermitsAreNotFree() {
        Semaphore sem = new Semaphore(1);
        Permits first = sem.tryAcquirePermits(1);
        assertThat(first).isNotNull();
        assertThat(sem.tryAcquirePermits(1)).isNull();
        first.close();
        assertThat(sem.tryAcquirePermits(1)).isNotNull();
    }

    @Test
    void aCancelledAcquireMakesNoGuardAndKeepsNoPermit() {
        Semaphore sem = new Semaphore(1);
        Permits held = poll(sem.acquirePermits(1));
        Future<Permits> waiting = sem.acquirePermits(1);
        assertThat(new CountingWaker().poll(waiting).isPending()).isTrue();
        held.close(); // granted to the waiter...
        waiting.cancel(); // ...which is cancelled before it was polled again: the grant passes on
        assertThat(sem.availablePermits()).isEqualTo(1);
    }

    private static <T> T poll(Future<T> f) {
        Poll<T> p = new CountingWaker().poll(f);
        assertThat(p.isPending()).as("ready at once").isFalse();
        return p.value();
    }
}
