package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.Lincheck;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Event} under Lincheck: three waiters follow the check / listen / re-check / await
 * protocol for tokens that notifiers hand out, each polled by hand with a counting waker by its
 * own thread (a Lincheck non-parallel group), and each may give up (cancel) while it waits.
 * Waiters A and B are {@link EventWait} nodes (the first to wait alone takes the solo slot, the
 * others go to the list), waiter C is a public {@link EventListener} (always the list). The
 * notifiers add one token and {@code notifyAdditional(1)}, or two tokens and {@code notify(n)} with
 * {@code n} the tokens now free.
 *
 * <p>Checked: no waiter is woken twice for one registration and no notify wakes more listeners
 * than it was asked to (none duplicated); after the scenario, once every woken waiter has been
 * polled again, no waiter sleeps while a token is free (none lost: a notification reaches a
 * waiter that is not cancelled, or is passed on when the notified one gives up).
 * {@link #theChecksCatchTheBrokenCancelRunSequentially()}: the same checks fail when a cancel
 * does not pass on a notification it had not consumed ({@link NoPassOn}), on the scenario
 * "A and B wait, one token, A gives up". Lincheck's model checker did not report it in 300 random
 * scenarios of 3 × 3 operations after 4 sequential ones, so
 * {@link #theModelCheckerCatchesACancelThatDropsItsNotification()} gives it one custom scenario
 * ({@link #aNotifyRacingACancel()}: {@code stepA, stepB} first, then {@code give} racing
 * {@code cancelA}, nothing after) and no random ones; the checker reports "Validation function
 * validate has failed ... lost wake-up: 1 token(s) free and waiter B sleeps", on the interleaving
 * give, then cancelA. The same scenario passes on {@link Real}
 * ({@link #theScenarioThatCatchesTheBrokenCancelPassesOnTheRealOne()}). The scenario must end
 * with B asleep: with a {@code stepB} after the race (tried) B's poll takes the free token whether
 * it was woken or not and the loss is hidden, which may be part of why random scenarios missed it.
 *
 * <p>Sizes (CI; {@code -Dweft.stress=true} ×20 iterations and invocations): model checking 3
 * threads × 3 operations after 2 sequential ones, 30 scenarios × 50 interleavings (about 20 s on
 * 2 cores); stress the same scenario size, 20 × 1,000 (about 6 s); the custom scenario, up to
 * 100 interleavings on each of {@link Real} and {@link NoPassOn} (about 8 s together).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EventLincheckTest {

    /** The scenario state: the event, the tokens it guards, the three waiters. */
    static final class Model {
        final Event ev = new Event();
        final AtomicInteger tokens = new AtomicInteger();
        final Waiter[] waiters;
        volatile String violation;

        Model(boolean passOn) {
            waiters = new Waiter[] {new SoloOrList("A", passOn), new SoloOrList("B", passOn), new Listening("C", passOn)};
        }

        boolean take() {
            for (int t; (t = tokens.get()) > 0; ) {
                if (tokens.compareAndSet(t, t - 1)) return true;
            }
            return false;
        }

        void give() {
            tokens.incrementAndGet();
            int k = ev.notifyAdditional(1);
            if (k > 1) fail("notifyAdditional(1) notified " + k);
            check();
        }

        void giveTwo() {
            int n = tokens.addAndGet(2);
            int k = ev.notify(n);
            if (k > n) fail("notify(" + n + ") notified " + k);
            check();
        }

        void step(int i) {
            waiters[i].step();
            check();
        }

        void cancel(int i) {
            waiters[i].cancel();
            check();
        }

        void fail(String what) {
            if (violation == null) violation = what;
        }

        void check() {
            String v = violation;
            if (v != null) throw new IllegalStateException(v);
        }

        /** After the scenario: poll every woken waiter until none is; then none may sleep beside a free token. */
        void validate() {
            for (boolean progress = true; progress; ) {
                progress = false;
                for (Waiter w : waiters) {
                    if (w.pending && w.waker.wakes() > w.wakesBefore) {
                        w.step();
                        progress = true;
                    }
                }
            }
            check();
            for (Waiter w : waiters) {
                if (w.pending && tokens.get() > 0) {
                    throw new IllegalStateException("lost wake-up: " + tokens.get() + " token(s) free and waiter " + w.name + " sleeps");
                }
            }
        }

        /** One waiter: its waker, whether it waits, the wake counts around its last poll. */
        abstract class Waiter {
            final String name;
            final boolean passOn;
            final CountingWaker waker = new CountingWaker();
            boolean pending;
            int wakesBefore;
            private int wakesAfter;

            Waiter(String name, boolean passOn) {
                this.name = name;
                this.passOn = passOn;
            }

            /** One poll of the wait (a new wait if the last one ended). */
            final void step() {
                if (pending && waker.wakes() - wakesAfter > 1) fail(name + " woken twice for one registration");
                wakesBefore = waker.wakes();
                pending = !attempt(waker.context());
                wakesAfter = waker.wakes();
            }

            /** Gives up the wait, if it waits. */
            final void cancel() {
                if (pending) giveUp();
                pending = false;
            }

            /** @return whether a token was taken (the wait is over) */
            abstract boolean attempt(Context cx);

            abstract void giveUp();
        }

        /** A waiting future's node ({@link EventWait}): the solo slot when it waits alone. */
        final class SoloOrList extends Waiter {
            private final EventWait node = new EventWait() {};

            SoloOrList(String name, boolean passOn) {
                super(name, passOn);
            }

            @Override
            boolean attempt(Context cx) {
                while (true) {
                    if (take()) {
                        node.stopWaitingDone(ev);
                        return true;
                    }
                    if (!node.waitOn(ev, cx)) return false;
                }
            }

            @Override
            void giveUp() {
                if (passOn) node.stopWaiting(ev);
                else if (node.stateAcquire() != EventNode.IDLE) ev.remove(node, false);
            }
        }

        /** A public listener: listen, re-check, poll. */
        final class Listening extends Waiter {
            private EventListener l;

            Listening(String name, boolean passOn) {
                super(name, passOn);
            }

            @Override
            boolean attempt(Context cx) {
                while (true) {
                    if (take()) {
                        if (l != null) l.cancel();
                        l = null;
                        return true;
                    }
                    if (l == null) {
                        l = ev.listen();
                    } else if (l.poll(cx).isReady()) {
                        l = null;
                    } else {
                        return false;
                    }
                }
            }

            @Override
            void giveUp() {
                if (l == null) return;
                if (passOn) l.cancel();
                else ev.remove(l, false);
                l = null;
            }
        }
    }

    /** Lincheck's view of a model; the waiters' operations each run on one thread. */
    public abstract static class Ops {
        private final Model m;

        Ops(boolean passOn) {
            m = new Model(passOn);
        }

        @Operation
        public void give() {
            m.give();
        }

        @Operation
        public void giveTwo() {
            m.giveTwo();
        }

        @Operation(nonParallelGroup = "a")
        public void stepA() {
            m.step(0);
        }

        @Operation(nonParallelGroup = "a")
        public void cancelA() {
            m.cancel(0);
        }

        @Operation(nonParallelGroup = "b")
        public void stepB() {
            m.step(1);
        }

        @Operation(nonParallelGroup = "b")
        public void cancelB() {
            m.cancel(1);
        }

        @Operation(nonParallelGroup = "c")
        public void stepC() {
            m.step(2);
        }

        @Operation(nonParallelGroup = "c")
        public void cancelC() {
            m.cancel(2);
        }

        /** The checks after the scenario; each concrete class declares it {@code @Validate}. */
        public void validate() {
            m.validate();
        }
    }

    /** The real event and cancels. */
    public static final class Real extends Ops {
        public Real() {
            super(true);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    /** Deliberately broken: a cancelled waiter drops a notification it had not consumed. */
    public static final class NoPassOn extends Ops {
        public NoPassOn() {
            super(false);
        }

        @Validate
        @Override
        public void validate() {
            super.validate();
        }
    }

    @Test
    void noNotificationIsLostOrDuplicatedUnderModelChecking() {
        Lincheck.check(Real.class, WaitingModelSizes.modelChecking());
    }

    @Test
    void noNotificationIsLostOrDuplicatedUnderStress() {
        Lincheck.check(Real.class, WaitingModelSizes.stress());
    }

    @Test
    void theChecksCatchTheBrokenCancelRunSequentially() {
        NoPassOn ops = new NoPassOn();
        ops.stepA();
        ops.stepB();
        ops.give();
        ops.cancelA();
        assertThatThrownBy(ops::validate).hasMessageContaining("lost wake-up");
    }

    @Test
    void theModelCheckerCatchesACancelThatDropsItsNotification() {
        assertThat(Lincheck.assertCaught(NoPassOn.class, aNotifyRacingACancel(), "lost wake-up")).hasMessageContaining("lost wake-up");
    }

    @Test
    void theScenarioThatCatchesTheBrokenCancelPassesOnTheRealOne() {
        Lincheck.check(Real.class, aNotifyRacingACancel());
    }

    /**
     * Model checking of the one scenario "A and B wait; a notify races A's cancel", and no random
     * ones. Nothing runs after the race: a later step of B would take the token and hide a lost
     * wake-up.
     */
    private static ModelCheckingOptions aNotifyRacingACancel() {
        ExecutionScenario scenario = new ExecutionScenario(
                actors("stepA", "stepB"),
                List.of(actors("give"), actors("cancelA")),
                List.of(),
                null); // LinChecker sets the class's @Validate function on custom scenarios
        return Lincheck.modelCheckingPolls().threads(2).actorsPerThread(1).actorsBefore(2).actorsAfter(0)
                .iterations(0).invocationsPerIteration(100).addCustomScenario(scenario);
    }

    private static List<Actor> actors(String... operations) {
        List<Actor> actors = new ArrayList<>();
        for (String op : operations) {
            try {
                Method m = Ops.class.getMethod(op);
                actors.add(new Actor(m, List.of()));
            } catch (NoSuchMethodException e) {
                throw new AssertionError(e);
            }
        }
        return actors;
    }

}
