package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LockTest {

    @Test
    void mutexHandsTheLockOnInFifoOrder() {
        Mutex m = new Mutex();
        MutexGuard first = m.tryLock();
        assertThat(first).isNotNull();
        List<Future<MutexGuard>> waiting = new ArrayList<>();
        List<CountingWaker> wakers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiting.add(m.lock());
            wakers.add(new CountingWaker());
            assertThat(wakers.get(i).poll(waiting.get(i)).isPending()).isTrue();
        }
        assertThat(m.tryLock()).isNull(); // no barging past the queue
        first.unlock();
        assertThatThrownBy(first::unlock).isInstanceOf(IllegalStateException.class);
        for (int i = 0; i < 3; i++) {
            assertThat(wakers.get(i).wakes()).isEqualTo(1);
            for (int j = i + 1; j < 3; j++) assertThat(wakers.get(j).wakes()).isZero();
            MutexGuard g = wakers.get(i).poll(waiting.get(i)).value();
            assertThat(m.isLocked()).isTrue();
            g.close();
        }
        assertThat(m.isLocked()).isFalse();
    }

    @Test
    void cancelledQueuedLockLeavesTheQueue() {
        Mutex m = new Mutex();
        MutexGuard g = m.tryLock();
        CountingWaker wa = new CountingWaker();
        CountingWaker wb = new CountingWaker();
        Future<MutexGuard> a = m.lock();
        Future<MutexGuard> b = m.lock();
        assertThat(wa.poll(a).isPending()).isTrue();
        assertThat(wb.poll(b).isPending()).isTrue();
        a.cancel();
        g.unlock();
        assertThat(wa.wakes()).isZero();
        assertThat(wb.wakes()).isEqualTo(1);
        wb.poll(b).value().unlock();
        assertThat(m.isLocked()).isFalse();
    }

    @Test
    void cancelledLockThatWasAlreadyGrantedPassesTheLockOn() {
        Mutex m = new Mutex();
        MutexGuard g = m.tryLock();
        CountingWaker wa = new CountingWaker();
        CountingWaker wb = new CountingWaker();
        Future<MutexGuard> a = m.lock();
        Future<MutexGuard> b = m.lock();
        assertThat(wa.poll(a).isPending()).isTrue();
        assertThat(wb.poll(b).isPending()).isTrue();
        g.unlock(); // hands the lock to a
        assertThat(wa.wakes()).isEqualTo(1);
        a.cancel(); // a never saw it: it goes on to b
        assertThat(wb.wakes()).isEqualTo(1);
        MutexGuard gb = wb.poll(b).value();
        gb.unlock();
        assertThat(m.isLocked()).isFalse();

        Future<MutexGuard> c = m.lock();
        CountingWaker wc = new CountingWaker();
        MutexGuard h = m.tryLock();
        assertThat(wc.poll(c).isPending()).isTrue();
        h.unlock();
        c.cancel(); // granted, nobody else waiting: unlocked again
        assertThat(m.isLocked()).isFalse();
    }

    @Test
    void mutexExcludesAcrossThreads() throws Exception {
        Mutex m = new Mutex();
        int[] counter = {0};
        int threads = 4;
        int perThread = 20_000;
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perThread; i++) {
                    try (MutexGuard g = Weft.blockOn(m.lock())) {
                        counter[0]++;
                    }
                }
            }));
        }
        for (Thread t : ts) t.join(50_000);
        assertThat(counter[0]).isEqualTo(threads * perThread);
    }

    @Test
    void waitingWriterIsNotStarvedByLaterReaders() {
        RwLock l = new RwLock();
        RwLockGuard r1 = l.tryRead();
        RwLockGuard r2 = l.tryRead();
        assertThat(r1).isNotNull();
        CountingWaker ww = new CountingWaker();
        Future<RwLockGuard> w = l.write();
        assertThat(ww.poll(w).isPending()).isTrue();
        assertThat(l.tryRead()).isNull(); // a writer waits: new readers queue behind it
        CountingWaker wr = new CountingWaker();
        Future<RwLockGuard> r3 = l.read();
        assertThat(wr.poll(r3).isPending()).isTrue();
        r1.unlock();
        assertThat(ww.wakes()).isZero();
        r2.unlock();
        assertThat(ww.wakes()).isEqualTo(1);
        RwLockGuard wg = ww.poll(w).value();
        assertThat(wg.isWrite()).isTrue();
        assertThat(wr.wakes()).isZero();
        wg.unlock();
        assertThat(wr.wakes()).isEqualTo(1);
        RwLockGuard rg = wr.poll(r3).value();
        assertThat(rg.isWrite()).isFalse();
        rg.close();
        assertThat(l.tryWrite()).isNotNull();
    }

    @Test
    void cancelledWriteLockPartlyOrFullyGrantedGivesEverythingBack() {
        RwLock l = new RwLock();
        RwLockGuard r = l.tryRead();
        CountingWaker ww = new CountingWaker();
        Future<RwLockGuard> w = l.write();
        assertThat(ww.poll(w).isPending()).isTrue(); // holds all permits but one
        CountingWaker wr = new CountingWaker();
        Future<RwLockGuard> r2 = l.read();
        assertThat(wr.poll(r2).isPending()).isTrue();
        w.cancel(); // partly granted: gives back, and the reader behind it gets in
        assertThat(wr.wakes()).isEqualTo(1);
        wr.poll(r2).value().unlock();
        r.unlock();

        RwLockGuard r3 = l.tryRead();
        Future<RwLockGuard> w2 = l.write();
        Future<RwLockGuard> w3 = l.write();
        CountingWaker w2w = new CountingWaker();
        CountingWaker w3w = new CountingWaker();
        assertThat(w2w.poll(w2).isPending()).isTrue();
        assertThat(w3w.poll(w3).isPending()).isTrue();
        r3.unlock(); // w2 fully granted
        assertThat(w2w.wakes()).isEqualTo(1);
        w2.cancel(); // cancel after grant: passes to w3
        assertThat(w3w.wakes()).isEqualTo(1);
        w3w.poll(w3).value().unlock();
        assertThat(l.tryWrite()).isNotNull();
    }

    @Test
    void cancelledReadLockThatWasGrantedGivesItsShareBack() {
        RwLock l = new RwLock();
        RwLockGuard wg = l.tryWrite();
        CountingWaker wr = new CountingWaker();
        Future<RwLockGuard> rd = l.read();
        assertThat(wr.poll(rd).isPending()).isTrue();
        CountingWaker ww = new CountingWaker();
        Future<RwLockGuard> w2 = l.write();
        assertThat(ww.poll(w2).isPending()).isTrue();
        wg.unlock(); // the reader is granted; the writer gets the rest and waits for the reader
        assertThat(wr.wakes()).isEqualTo(1);
        assertThat(ww.wakes()).isZero();
        rd.cancel(); // read granted, then cancelled: its share completes the writer
        assertThat(ww.wakes()).isEqualTo(1);
        assertThat(ww.poll(w2).value().isWrite()).isTrue();
    }

    @Test
    void semaphoreAcquiresManyPermitsFifo() {
        Semaphore s = new Semaphore(3);
        assertThat(s.tryAcquire(2)).isTrue();
        CountingWaker wa = new CountingWaker();
        Future<Void> a = s.acquire(3); // gets 1 now, needs 2 more
        assertThat(wa.poll(a).isPending()).isTrue();
        assertThat(s.availablePermits()).isZero();
        CountingWaker wb = new CountingWaker();
        Future<Void> b = s.acquire(1);
        assertThat(wb.poll(b).isPending()).isTrue();
        s.release(1);
        assertThat(wa.wakes()).isZero();
        s.release(1);
        assertThat(wa.wakes()).isEqualTo(1);
        assertThat(wb.wakes()).isZero();
        assertThat(wa.poll(a)).isEqualTo(Poll.ready(null));
        s.release(3);
        assertThat(wb.wakes()).isEqualTo(1);
        assertThat(wb.poll(b).isReady()).isTrue();
        assertThat(s.availablePermits()).isEqualTo(2);
    }

    @Test
    void cancelledAcquireGivesBackPartialAndFullGrants() {
        Semaphore s = new Semaphore(2);
        CountingWaker wa = new CountingWaker();
        Future<Void> a = s.acquire(5); // takes 2, waits for 3
        assertThat(wa.poll(a).isPending()).isTrue();
        a.cancel();
        assertThat(s.availablePermits()).isEqualTo(2);

        assertThat(s.tryAcquire(2)).isTrue();
        CountingWaker wb = new CountingWaker();
        CountingWaker wc = new CountingWaker();
        Future<Void> b = s.acquire(2);
        Future<Void> c = s.acquire(2);
        assertThat(wb.poll(b).isPending()).isTrue();
        assertThat(wc.poll(c).isPending()).isTrue();
        s.release(2); // b granted
        assertThat(wb.wakes()).isEqualTo(1);
        b.cancel(); // cancel after grant: c gets them
        assertThat(wc.wakes()).isEqualTo(1);
        assertThat(wc.poll(c).isReady()).isTrue();
        assertThat(s.availablePermits()).isZero();
        s.release(2);
        assertThat(s.availablePermits()).isEqualTo(2);
    }

    @Test
    void barrierReleasesAllWithOneLeaderAndCancelWithdraws() {
        Barrier b = new Barrier(3);
        CountingWaker w1 = new CountingWaker();
        CountingWaker w2 = new CountingWaker();
        Future<Boolean> f1 = b.await();
        Future<Boolean> f2 = b.await();
        assertThat(w1.poll(f1).isPending()).isTrue();
        assertThat(w2.poll(f2).isPending()).isTrue();
        f2.cancel(); // withdraws: the next arrival must not release
        assertThat(b.arrived()).isEqualTo(1);
        CountingWaker w3 = new CountingWaker();
        Future<Boolean> f3 = b.await();
        assertThat(w3.poll(f3).isPending()).isTrue();
        assertThat(w1.wakes()).isZero();
        Future<Boolean> f4 = b.await();
        assertThat(w3.poll(f4)).isEqualTo(Poll.ready(true));
        assertThat(w1.wakes()).isEqualTo(1);
        assertThat(w1.poll(f1)).isEqualTo(Poll.ready(false));
        assertThat(w3.poll(f3)).isEqualTo(Poll.ready(false));
        assertThat(b.arrived()).isZero();
    }

    @Test
    void barrierWaitCancelledAfterReleaseChangesNothing() {
        Barrier b = new Barrier(2);
        CountingWaker w = new CountingWaker();
        Future<Boolean> f1 = b.await();
        assertThat(w.poll(f1).isPending()).isTrue();
        assertThat(w.poll(b.await())).isEqualTo(Poll.ready(true));
        f1.cancel(); // released already: the next generation is untouched
        assertThat(b.arrived()).isZero();
        Future<Boolean> g1 = b.await();
        assertThat(w.poll(g1).isPending()).isTrue();
        assertThat(b.arrived()).isEqualTo(1);
    }

    @Test
    void barrierAcrossThreadsManyGenerations() throws Exception {
        int parties = 4;
        int generations = 2_000;
        Barrier b = new Barrier(parties);
        int[] leaders = new int[parties];
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < parties; t++) {
            int me = t;
            ts.add(Thread.ofPlatform().start(() -> {
                for (int g = 0; g < generations; g++) if (Weft.blockOn(b.await())) leaders[me]++;
            }));
        }
        for (Thread t : ts) t.join(50_000);
        int total = 0;
        for (int l : leaders) total += l;
        assertThat(total).isEqualTo(generations);
    }

    @Test
    void waitGroupCompletesWhenCountReachesZero() throws Exception {
        WaitGroup wg = new WaitGroup();
        CountingWaker w = new CountingWaker();
        assertThat(w.poll(wg.await()).isReady()).isTrue();
        wg.add(2);
        Future<Void> f = wg.await();
        assertThat(w.poll(f).isPending()).isTrue();
        wg.done();
        assertThat(w.wakes()).isZero();
        wg.done();
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(w.poll(f).isReady()).isTrue();
        assertThatThrownBy(wg::done).isInstanceOf(IllegalStateException.class);
        assertThat(wg.count()).isZero();

        WaitGroup latch = new WaitGroup(100);
        for (int i = 0; i < 100; i++) Thread.ofVirtual().start(latch::done);
        Weft.blockOn(latch.await());
        assertThat(latch.count()).isZero();
    }
}
