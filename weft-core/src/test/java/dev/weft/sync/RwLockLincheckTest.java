package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.Lincheck;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The WAITING {@link RwLock#read()} and {@link RwLock#write()} under Lincheck: three tasks, each
 * on a thread of its own (a Lincheck non-parallel group), poll their lock futures by hand with a
 * counting waker, unlock their guards, and cancel a lock that waits (or that was granted and not
 * yet polled). Task A only writes, B reads or writes (its first step chooses; later steps poll
 * the same future), C only reads.
 *
 * <p>Checked: never a writer together with any other holder, reader or writer (in each poll that
 * completes); after the scenario, once every woken waiter has been polled again and every holder
 * has unlocked, in rounds until nothing moves, no lock future is left waiting (a lost wake-up, or
 * a grant lost by a cancel: a cancelled granted-but-not-polled acquisition must pass the lock on)
 * and the lock is free ({@code tryWrite} succeeds).
 * {@link #theCheckerCatchesAReaderAdmittedBesideAWriter()}: the model checker fails on a lock
 * whose writer takes one permit too few ({@link OffByOneWriter}), so one reader is admitted while
 * the writer holds.
 *
 * <p>Sizes ({@link WaitingModelSizes}; CI, {@code -Dweft.stress=true} ×20): model checking
 * 3 threads × 3 operations after 2 sequential ones, 30 scenarios × 50 interleavings; stress the
 * same shape, 20 × 1,000; the broken variant, the model-checking sizes (it fails within the first
 * scenarios). On 2 shared cores: about 17 s, 4 s and 1 s; the class about 22 s.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RwLockLincheckTest {

    /** What the model needs of a reader-writer lock: the real one, or a broken copy. */
    interface Lock {
        Future<RwLockGuard> read();

        Future<RwLockGuard> write();

        RwLockGuard tryWrite();
    }

    /** The real {@link RwLock}. */
    static final class RealLock implements Lock {
        private final RwLock lock = new RwLock();

        @Override
        public Future<RwLockGuard> read() {
            return lock.read();
        }

        @Override
        public Future<RwLockGuard> write() {
            return lock.write();
        }

        @Override
        public RwLockGuard tryWrite() {
            return lock.tryWrite();
        }
    }

    /**
     * Deliberately broken copy of {@link RwLock}: a write takes {@code MAX_READERS - 1} permits,
     * one too few, so one reader's admission ignores the held writer.
     */
    static final class OffByOneWriterLock implements Lock {
        private static final int WRITE = RwLock.MAX_READERS - 1;
        private final Semaphore sem = new Semaphore(RwLock.MAX_READERS);

        @Override
        public Future<RwLockGuard> read() {
            return sem.acquire(1, () -> new RwLockGuard(sem, 1));
        }

        @Override
        public Future<RwLockGuard> write() {
            return sem.acquire(WRITE, () -> new RwLockGuard(sem, WRITE));
        }

        @Override
        public RwLockGuard tryWrite() {
            return sem.tryAcquire(WRITE) ? new RwLockGuard(sem, WRITE) : null;
        }
    }

    /** The lock, the three tasks and what they saw. */
    static final class Model {
        final Lock lock;
        final AtomicInteger readers = new AtomicInteger();
        final AtomicInteger writers = new AtomicInteger();
        final Task[] tasks = {new Task("A"), new Task("B"), new Task("C")};
        volatile String violation;

        Model(Lock lock) {
            this.lock = lock;
        }

        void check() {
            String v = violation;
            if (v != null) throw new IllegalStateException(v);
        }

        /** After the scenario: let everyone through; nobody may be left waiting, and the lock is free. */
        void validate() {
            for (boolean progress = true; progress; ) {
                progress = false;
                for (Task t : tasks) {
                    if (t.guard != null) {
                        t.unlock();
                        progress = true;
                    } else if (t.pending != null && t.waker.wakes() > t.wakesBefore) {
                        t.step(t.pendingWrite);
                        progress = true;
                    }
                }
            }
            check();
            for (Task t : tasks) {
                if (t.pending != null) {
                    throw new IllegalStateException("lost wake-up: " + t.name + " waits to " + (t.pendingWrite ? "write" : "read")
                            + " and nobody holds the lock");
                }
            }
            RwLockGuard g = lock.tryWrite();
            if (g == null) throw new IllegalStateException("the lock is held with no holder and no waiter: a grant was lost");
            g.unlock();
        }

        /** One task: its lock future while it waits, its guard while it holds. Owner thread only. */
        final class Task {
            final String name;
            final CountingWaker waker = new CountingWaker();
            Future<RwLockGuard> pending;
            boolean pendingWrite;
            RwLockGuard guard;
            boolean guardWrite;
            int wakesBefore;

            Task(String name) {
                this.name = name;
            }

            /** Starts a read or write lock (as {@code write} says) unless one waits; polls it once. */
            void step(boolean write) {
                if (guard != null) return;
                if (pending == null) {
                    pending = write ? lock.write() : lock.read();
                    pendingWrite = write;
                }
                wakesBefore = waker.wakes();
                Poll<RwLockGuard> p;
                try {
                    p = pending.poll(waker.context());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                if (p instanceof Poll.Ready<RwLockGuard>(RwLockGuard g)) {
                    pending = null;
                    guard = g;
                    guardWrite = pendingWrite;
                    if (guardWrite) {
                        int w = writers.incrementAndGet();
                        int r = readers.get();
                        if (w > 1) violation = name + " writes beside another writer";
                        else if (r > 0) violation = name + " writes beside " + r + " reader(s)";
                    } else {
                        readers.incrementAndGet();
                        if (writers.get() > 0) violation = name + " reads beside a writer";
                    }
                }
            }

            void unlock() {
                if (guard == null) return;
                (guardWrite ? writers : readers).decrementAndGet();
                guard.unlock();
                guard = null;
            }

            void cancel() {
                if (pending == null) return;
                pending.cancel();
                pending = null;
            }
        }
    }

    /** Lincheck's view: each task's operations run on one thread. */
    public abstract static class Ops {
        private final Model m;

        Ops(Lock lock) {
            m = new Model(lock);
        }

        private void run(Runnable r) {
            r.run();
            m.check();
        }

        @Operation(nonParallelGroup = "a")
        public void writeA() {
            run(() -> m.tasks[0].step(true));
        }

        @Operation(nonParallelGroup = "a")
        public void unlockA() {
            run(m.tasks[0]::unlock);
        }

        @Operation(nonParallelGroup = "a")
        public void cancelA() {
            run(m.tasks[0]::cancel);
        }

        @Operation(nonParallelGroup = "b")
        public void readB() {
            run(() -> m.tasks[1].step(false));
        }

        @Operation(nonParallelGroup = "b")
        public void writeB() {
            run(() -> m.tasks[1].step(true));
        }

        @Operation(nonParallelGroup = "b")
        public void unlockB() {
            run(m.tasks[1]::unlock);
        }

        @Operation(nonParallelGroup = "b")
        public void cancelB() {
            run(m.tasks[1]::cancel);
        }

        @Operation(nonParallelGroup = "c")
        public void readC() {
            run(() -> m.tasks[2].step(false));
        }

        @Operation(nonParallelGroup = "c")
        public void unlockC() {
            run(m.tasks[2]::unlock);
        }

        @Operation(nonParallelGroup = "c")
        public void cancelC() {
            run(m.tasks[2]::cancel);
        }

        /** The checks after the scenario; each concrete class declares it {@code @Validate}. */
        public void validate() {
            m.validate();
        }
    }

    /** The real lock. */
    public static final class Real extends Ops {
        public Real() {
            super(new RealLock());
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    /** Deliberately broken: a writer leaves one reader's permit free. */
    public static final class OffByOneWriter extends Ops {
        public OffByOneWriter() {
            super(new OffByOneWriterLock());
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    @Test
    void writersExcludeEveryoneAndNoWaiterLeftUnderModelChecking() {
        Lincheck.check(Real.class, WaitingModelSizes.modelChecking());
    }

    @Test
    void writersExcludeEveryoneAndNoWaiterLeftUnderStress() {
        Lincheck.check(Real.class, WaitingModelSizes.stress());
    }

    @Test
    void theCheckerCatchesAReaderAdmittedBesideAWriter() {
        assertThat(Lincheck.assertCaught(OffByOneWriter.class, WaitingModelSizes.modelChecking().minimizeFailedScenario(false),
                "beside")).hasMessageContaining(" beside ");
    }

    @Test
    void theChecksCatchAReaderAdmittedBesideAWriterRunSequentially() {
        OffByOneWriter ops = new OffByOneWriter();
        ops.writeA();
        assertThatThrownBy(ops::readC).hasMessageContaining("C reads beside a writer");
    }

    @Test
    void aCancelledGrantedReadPassesTheLockOnRunSequentially() {
        Real ops = new Real();
        ops.writeA();
        ops.readB(); // waits
        ops.readC(); // waits
        ops.unlockA(); // B and C granted, not yet polled
        ops.cancelB(); // B's share goes back
        ops.writeA(); // waits behind C
        ops.readC(); // C reads
        ops.unlockC(); // A is granted
        ops.validate(); // A is polled and unlocks; the lock ends free
    }

    @Test
    void aCancelledGrantedWritePassesTheLockOnRunSequentially() {
        Real ops = new Real();
        ops.readC();
        ops.writeA(); // waits
        ops.readB(); // waits behind A
        ops.unlockC(); // A is granted, not yet polled
        ops.cancelA(); // the grant passes to B
        ops.validate();
    }
}
