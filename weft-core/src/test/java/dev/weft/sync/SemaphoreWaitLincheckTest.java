package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * The WAITING {@link Semaphore#acquire(int)} under Lincheck, as {@link MutexLincheckTest} models
 * the mutex: a semaphore of 2 permits and three tasks, each on a thread of its own (a Lincheck
 * non-parallel group), asking for 1, 2 and 1 permits. Each polls its acquire future by hand with a
 * counting waker, releases what it holds, and cancels its acquire while it waits (queued, perhaps
 * with part of its permits handed to it already) or once it was granted and not yet polled.
 *
 * <p>Checked after every operation, under the semaphore's lock: the free permits never go
 * negative, and free + held (by tasks whose poll completed) + handed to acquires not yet polled
 * never exceed the total (a permit made twice). After the scenario: free + held + handed equal
 * the total exactly (a permit lost); no acquire waits while the free permits would cover what it
 * still needs; then, once every woken waiter has been polled again and every holder has released,
 * in rounds until nothing moves, no acquire is left waiting (a lost wake-up) and all 2 permits are
 * free again (so a cancelled granted-not-polled acquire gave its permits back).
 *
 * <p>Deliberately broken variants, caught by the model checker:
 * {@link #theCheckerCatchesACancelThatKeepsGrantedPermits()} ({@link DroppingGrant}: a cancel of a
 * granted acquire forgets its permits instead of releasing them, as {@code Acquire.cancel} does)
 * and {@link #theCheckerCatchesAReleaseThatWakesNobody()} ({@link SilentRelease}: a release hands
 * the permits to the waiters but never wakes them).
 *
 * <p>Sizes: {@link WaitingModelSizes} (model checking 3 threads x 3 operations after 2 sequential
 * ones, 30 scenarios x 50 interleavings; stress 20 x 1,000).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SemaphoreWaitLincheckTest {
    static final int TOTAL = 2;

    /** How a model's task misbehaves, if at all. */
    enum Broken {
        NONE,
        /** cancel of a GRANTED acquire drops the future and its n permits */
        DROP_GRANT,
        /** release hands permits to the queue under the lock but wakes nobody */
        SILENT_RELEASE
    }

    /** The semaphore, the three tasks and what they saw. */
    static final class Model {
        final Semaphore sem = new Semaphore(TOTAL);
        /** Permits held by tasks whose poll completed: raised after the poll, lowered before the release. */
        final AtomicInteger held = new AtomicInteger();
        final Task[] tasks = {new Task("A", 1), new Task("B", 2), new Task("C", 1)};
        final Broken broken;

        Model(Broken broken) {
            this.broken = broken;
        }

        /** Permits handed to the acquire {@code a} and not yet returned or polled. Caller holds the lock. */
        static int handed(Acquire<?> a) {
            if (a == null) return 0;
            return switch (a.state) {
                case Acquire.QUEUED -> a.assigned;
                case Acquire.GRANTED -> a.n;
                default -> 0;
            };
        }

        /** No permit made out of nothing, none negative: checked after every operation. */
        void check() {
            synchronized (sem.lock) {
                int free = sem.permits;
                if (free < 0) throw new IllegalStateException("negative permits: " + free);
                int sum = free + held.get();
                for (Task t : tasks) sum += handed(t.acq);
                // held lags the semaphore (raised after the poll, lowered before the release): at most TOTAL here
                if (sum > TOTAL) throw new IllegalStateException("permits made twice: free + held + handed = " + sum);
            }
        }

        /** After the scenario: exact count, nobody waits with enough free; drain; nobody waits, all free. */
        void validate() {
            synchronized (sem.lock) {
                int free = sem.permits;
                int sum = free + held.get();
                for (Task t : tasks) sum += handed(t.acq);
                if (sum != TOTAL) throw new IllegalStateException("permits lost: free + held + handed = " + sum);
                for (Task t : tasks) {
                    Acquire<?> a = t.acq;
                    if (a != null && a.state == Acquire.QUEUED && a.n - a.assigned <= free)
                        throw new IllegalStateException(t.name + " waits for " + (a.n - a.assigned) + " with " + free + " free");
                }
            }
            for (boolean progress = true; progress; ) {
                progress = false;
                for (Task t : tasks) {
                    if (t.holding > 0) {
                        t.release();
                        progress = true;
                    } else if (t.acq != null && t.waker.wakes() > t.wakesBefore) {
                        t.step();
                        progress = true;
                    }
                }
            }
            check();
            for (Task t : tasks) {
                if (t.acq != null) throw new IllegalStateException("lost wake-up: " + t.name + " waits and nobody holds a permit");
            }
            int free = sem.availablePermits();
            if (free != TOTAL) throw new IllegalStateException("a grant was lost: " + free + " of " + TOTAL + " permits free, nobody holds or waits");
        }

        /** One task: its acquire future while it waits, its permits while it holds. Owner thread only. */
        final class Task {
            final String name;
            final int n;
            final CountingWaker waker = new CountingWaker();
            /** Read by the other threads' checks, under the semaphore's lock. */
            volatile Acquire<?> acq;
            int holding;
            int wakesBefore;

            Task(String name, int n) {
                this.name = name;
                this.n = n;
            }

            void step() {
                if (holding > 0) return;
                if (acq == null) acq = (Acquire<?>) sem.acquire(n);
                wakesBefore = waker.wakes();
                Poll<?> p;
                try {
                    p = acq.poll(waker.context());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                if (p instanceof Poll.Ready<?>) {
                    holding = n;
                    held.addAndGet(n);
                    acq = null;
                }
            }

            void release() {
                if (holding == 0) return;
                held.addAndGet(-holding);
                if (broken == Broken.SILENT_RELEASE) {
                    synchronized (sem.lock) {
                        sem.releaseLocked(holding, new WakeBatch()); // broken: the granted waiters are never woken
                    }
                } else {
                    sem.release(holding);
                }
                holding = 0;
            }

            void cancel() {
                Acquire<?> a = acq;
                if (a == null) return;
                if (broken == Broken.DROP_GRANT) {
                    boolean granted;
                    synchronized (sem.lock) {
                        granted = a.state == Acquire.GRANTED;
                        if (granted) a.state = Acquire.CANCELLED; // broken: its n permits go nowhere
                    }
                    if (granted) {
                        acq = null;
                        return;
                    }
                }
                a.cancel();
                acq = null;
            }
        }
    }

    /** Lincheck's view: each task's operations run on one thread. */
    public abstract static class Ops {
        final Model m;

        Ops(Broken broken) {
            m = new Model(broken);
        }

        private void run(Runnable r) {
            r.run();
            m.check();
        }

        @Operation(nonParallelGroup = "a")
        public void acquireA() {
            run(m.tasks[0]::step);
        }

        @Operation(nonParallelGroup = "a")
        public void releaseA() {
            run(m.tasks[0]::release);
        }

        @Operation(nonParallelGroup = "a")
        public void cancelA() {
            run(m.tasks[0]::cancel);
        }

        @Operation(nonParallelGroup = "b")
        public void acquireB() {
            run(m.tasks[1]::step);
        }

        @Operation(nonParallelGroup = "b")
        public void releaseB() {
            run(m.tasks[1]::release);
        }

        @Operation(nonParallelGroup = "b")
        public void cancelB() {
            run(m.tasks[1]::cancel);
        }

        @Operation(nonParallelGroup = "c")
        public void acquireC() {
            run(m.tasks[2]::step);
        }

        @Operation(nonParallelGroup = "c")
        public void releaseC() {
            run(m.tasks[2]::release);
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

    /** The real semaphore. */
    public static final class Real extends Ops {
        public Real() {
            super(Broken.NONE);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    /** Deliberately broken: a cancel of a granted, not yet polled acquire keeps its permits. */
    public static final class DroppingGrant extends Ops {
        public DroppingGrant() {
            super(Broken.DROP_GRANT);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    /** Deliberately broken: a release hands its permits to the waiters and wakes none of them. */
    public static final class SilentRelease extends Ops {
        public SilentRelease() {
            super(Broken.SILENT_RELEASE);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    @Test
    void permitsAreConservedAndNoWaiterIsLeftUnderModelChecking() {
        Lincheck.check(Real.class, WaitingModelSizes.modelChecking());
    }

    @Test
    void permitsAreConservedAndNoWaiterIsLeftUnderStress() {
        Lincheck.check(Real.class, WaitingModelSizes.stress());
    }

    @Test
    void theCheckerCatchesACancelThatKeepsGrantedPermits() {
        Lincheck.assertCaught(DroppingGrant.class, WaitingModelSizes.modelChecking().minimizeFailedScenario(false), "lost", "twice", "waits");
    }

    @Test
    void theCheckerCatchesAReleaseThatWakesNobody() {
        Lincheck.assertCaught(SilentRelease.class, WaitingModelSizes.modelChecking().minimizeFailedScenario(false), "lost", "twice", "waits");
    }

    @Test
    void aCancelledGrantGivesItsPermitsBackRunSequentially() {
        Real ops = new Real();
        ops.acquireA(); // A holds 1
        ops.acquireB(); // B waits for 2, 1 handed to it
        ops.acquireC(); // C waits behind B
        ops.releaseA(); // B is granted, not yet polled
        ops.cancelB(); // B's 2 pass on: C gets 1, 1 free
        ops.acquireC();
        ops.releaseC();
        ops.validate();
        assertThat(ops.m.sem.availablePermits()).isEqualTo(TOTAL);
    }

    @Test
    void theChecksCatchTheBrokenVariantsRunSequentially() {
        DroppingGrant dropping = new DroppingGrant();
        dropping.acquireA();
        dropping.acquireB();
        dropping.releaseA(); // B is granted, not yet polled
        dropping.cancelB();
        assertThatThrownBy(dropping::validate).hasMessageContaining("permits lost");

        SilentRelease silent = new SilentRelease();
        silent.acquireA();
        silent.acquireB();
        silent.releaseA(); // B is granted and never woken
        assertThatThrownBy(silent::validate).hasMessageContaining("lost wake-up");
    }
}
