package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Waker;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The grant-versus-cancel race on real threads: one thread hands the resource to a pending waiter
 * while another thread cancels that waiter, many times. Whatever the interleaving, nothing is lost:
 * the lock ends unlocked, the permits are all back, the message is still there, the room is free.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CancelRaceTest {
    private static final int ROUNDS = Stress.scale(20_000);
    private static final Context CX = Context.of(Waker.noop());

    /** Runs {@code grant} on a second thread and {@code cancel} here, released together. */
    private static void race(int rounds, Round round) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        CyclicBarrier end = new CyclicBarrier(2);
        Runnable[] grant = new Runnable[1];
        Thread other = Thread.ofPlatform().start(() -> {
            try {
                for (int i = 0; i < rounds; i++) {
                    start.await();
                    grant[0].run();
                    end.await();
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        for (int i = 0; i < rounds; i++) {
            Runnable[] pair = round.setUp();
            grant[0] = pair[0];
            start.await();
            pair[1].run();
            end.await();
            round.check();
        }
        other.join(10_000);
        assertThat(other.isAlive()).isFalse();
    }

    private interface Round {
        /** @return {grant, cancel} for a freshly pending waiter */
        Runnable[] setUp() throws Exception;

        void check() throws Exception;
    }

    private static <T> Future<T> pending(Future<T> f) throws Exception {
        assertThat(f.poll(CX).isPending()).isTrue();
        return f;
    }

    @Test
    void lockGrantedWhileCancelled() throws Exception {
        Mutex m = new Mutex();
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                MutexGuard g = m.tryLock();
                Future<MutexGuard> f = pending(m.lock());
                return new Runnable[] {g::unlock, f::cancel};
            }

            public void check() {
                MutexGuard g = m.tryLock();
                assertThat(g).as("the mutex is free again").isNotNull();
                g.unlock();
            }
        });
    }

    @Test
    void readAndWriteLocksGrantedWhileCancelled() throws Exception {
        RwLock l = new RwLock();
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                RwLockGuard w = l.tryWrite();
                Future<RwLockGuard> r = pending(l.read());
                Future<RwLockGuard> w2 = pending(l.write());
                return new Runnable[] {w::unlock, () -> {
                    r.cancel();
                    w2.cancel();
                }};
            }

            public void check() {
                RwLockGuard g = l.tryWrite();
                assertThat(g).as("the lock is free again").isNotNull();
                g.unlock();
            }
        });
    }

    @Test
    void permitsGrantedWhileCancelled() throws Exception {
        Semaphore s = new Semaphore(3);
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                assertThat(s.tryAcquire(3)).isTrue();
                Future<Void> f = pending(s.acquire(2));
                return new Runnable[] {() -> s.release(3), f::cancel};
            }

            public void check() {
                assertThat(s.availablePermits()).isEqualTo(3);
            }
        });
    }

    @Test
    void messageSentWhileRecvCancelled() throws Exception {
        Channel<Integer> ch = Channel.bounded(1);
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                Future<Integer> f = pending(ch.receiver().recv());
                return new Runnable[] {() -> ch.sender().trySend(1), f::cancel};
            }

            public void check() {
                assertThat(ch.receiver().tryRecv()).as("the message is still there").isEqualTo(1);
                assertThat(ch.receiver().tryRecv()).isNull();
            }
        });
    }

    @Test
    void messageSentWhileListedRecvCancelled() throws Exception {
        Channel<Integer> ch = Channel.bounded(1);
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                Future<Integer> solo = pending(ch.receiver().recv()); // takes the solo slot
                Future<Integer> f = pending(ch.receiver().recv()); // goes to the list
                solo.cancel(); // f is now the only waiter, in the list (the locked path)
                return new Runnable[] {() -> ch.sender().trySend(1), f::cancel};
            }

            public void check() {
                assertThat(ch.receiver().tryRecv()).as("the message is still there").isEqualTo(1);
                assertThat(ch.receiver().tryRecv()).isNull();
            }
        });
    }

    @Test
    void roomFreedWhileSendCancelled() throws Exception {
        Channel<Integer> ch = Channel.bounded(1);
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                assertThat(ch.sender().trySend(0)).isTrue();
                Future<Void> f = pending(ch.sender().send(1));
                return new Runnable[] {() -> assertThat(ch.receiver().tryRecv()).isZero(), f::cancel};
            }

            public void check() {
                assertThat(ch.receiver().tryRecv()).as("the cancelled send sent nothing").isNull();
            }
        });
    }

    @Test
    void barrierReleasedWhileWaitCancelled() throws Exception {
        Barrier b = new Barrier(2);
        race(ROUNDS, new Round() {
            public Runnable[] setUp() throws Exception {
                Future<Boolean> f = pending(b.await());
                return new Runnable[] {() -> {
                    try {
                        b.await().poll(CX);
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }, f::cancel};
            }

            public void check() throws Exception {
                // Either the release came first (the generation ended) or the cancel withdrew the
                // first arrival and the second is now waiting alone: finish its generation.
                if (b.arrived() == 1) assertThat(b.await().poll(CX).isReady()).isTrue();
                assertThat(b.arrived()).isZero();
            }
        });
    }
}
