package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.Lincheck;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The WAITING {@link Mutex#lock()} under Lincheck: three tasks, each on a thread of its own (a
 * Lincheck non-parallel group), poll their lock futures by hand with a counting waker, unlock
 * their guards, and cancel a lock that waits (or that was granted and not yet polled).
 *
 * <p>Checked: never two holders at once (in each poll that completes); after the scenario, once
 * every woken waiter has been polled again and every holder has unlocked, in rounds until
 * nothing moves, no lock future is left waiting (a lost wake-up, or a grant lost by a cancel), and
 * the mutex is free ({@code tryLock} succeeds). {@link #theCheckerCatchesACancelThatDropsAGrant()}:
 * the model checker fails on a cancel that forgets a lock already granted to it
 * ({@link DroppingGrant}: the grant should pass on, as {@code Acquire.cancel} does).
 *
 * <p>Sizes (CI; {@code -Dweft.stress=true} ×20): model checking 3 threads × 3 operations after
 * 2 sequential ones, 30 scenarios × 50 interleavings (about 30 s on 2 cores); stress the same
 * size, 20 × 1,000 (about 10 s); the broken variant, the model-checking sizes (found in about 17 s).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MutexLincheckTest {

    /** The mutex, the three tasks and what they saw. */
    static final class Model {
        final Mutex mutex = new Mutex();
        final AtomicInteger holders = new AtomicInteger();
        final Task[] tasks = {new Task("A"), new Task("B"), new Task("C")};
        final boolean dropGrant;
        volatile String violation;

        Model(boolean dropGrant) {
            this.dropGrant = dropGrant;
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
                    } else if (t.lock != null && t.waker.wakes() > t.wakesBefore) {
                        t.step();
                        progress = true;
                    }
                }
            }
            check();
            for (Task t : tasks) {
                if (t.lock != null) throw new IllegalStateException("lost wake-up: " + t.name + " waits and nobody holds the lock");
            }
            MutexGuard g = mutex.tryLock();
            if (g == null) throw new IllegalStateException("the mutex is locked with no holder and no waiter: a grant was lost");
            g.unlock();
        }

        /** One task: its lock future while it waits, its guard while it holds. Owner thread only. */
        final class Task {
            final String name;
            final CountingWaker waker = new CountingWaker();
            Future<MutexGuard> lock;
            MutexGuard guard;
            int wakesBefore;

            Task(String name) {
                this.name = name;
            }

            void step() {
                if (guard != null) return;
                if (lock == null) lock = mutex.lock();
                wakesBefore = waker.wakes();
                Poll<MutexGuard> p;
                try {
                    p = lock.poll(waker.context());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                if (p instanceof Poll.Ready<MutexGuard>(MutexGuard g)) {
                    lock = null;
                    guard = g;
                    if (holders.incrementAndGet() > 1) violation = "two holders at once";
                }
            }

            void unlock() {
                if (guard == null) return;
                holders.decrementAndGet();
                guard.unlock();
                guard = null;
            }

            void cancel() {
                if (lock == null) return;
                if (dropGrant && ((Acquire<?>) lock).state == Acquire.GRANTED) {
                    lock = null; // broken: the granted lock is forgotten with its future
                    return;
                }
                lock.cancel();
                lock = null;
            }
        }
    }

    /** Lincheck's view: each task's operations run on one thread. */
    public abstract static class Ops {
        private final Model m;

        Ops(boolean dropGrant) {
            m = new Model(dropGrant);
        }

        private void run(Runnable r) {
            r.run();
            m.check();
        }

        @Operation(nonParallelGroup = "a")
        public void lockA() {
            run(m.tasks[0]::step);
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
        public void lockB() {
            run(m.tasks[1]::step);
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
        public void lockC() {
            run(m.tasks[2]::step);
        }

        @Operation(nonParallelGroup = "c")
        public void unlockC() {
            run(m.tasks[2]::unlock);
        }

        /** The checks after the scenario; each concrete class declares it {@code @Validate}. */
        public void validate() {
            m.validate();
        }
    }

    /** The real mutex. */
    public static final class Real extends Ops {
        public Real() {
            super(false);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    /** Deliberately broken: a cancel forgets a lock that had been granted to it. */
    public static final class DroppingGrant extends Ops {
        public DroppingGrant() {
            super(true);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    @Test
    void oneHolderAtATimeAndNoWaiterLeftUnderModelChecking() {
        Lincheck.check(Real.class, WaitingModelSizes.modelChecking());
    }

    @Test
    void oneHolderAtATimeAndNoWaiterLeftUnderStress() {
        Lincheck.check(Real.class, WaitingModelSizes.stress());
    }

    @Test
    void theCheckerCatchesACancelThatDropsAGrant() {
        assertThatThrownBy(() -> Lincheck.check(DroppingGrant.class, WaitingModelSizes.modelChecking().minimizeFailedScenario(false)))
                .isInstanceOf(LincheckAssertionError.class)
                .satisfies(e -> System.out.println("the checker on DroppingGrant: " + e.getMessage().lines()
                        .filter(l -> l.contains("lost") || l.startsWith("= ")).findFirst().orElse("")));
    }

    @Test
    void theChecksCatchACancelThatDropsAGrantRunSequentially() {
        DroppingGrant ops = new DroppingGrant();
        ops.lockA();
        ops.lockB();
        ops.unlockA(); // B is granted, not yet polled
        ops.cancelB();
        assertThatThrownBy(ops::validate).hasMessageContaining("a grant was lost");
    }
}
