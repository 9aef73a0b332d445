package dev.weft.scope.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.testkit.Lincheck;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task scope's child accounting ({@link ChildLedger}) under Lincheck: children spawned,
 * completing, failing, and ending after a cancel, while the owner stops the scope, closes it and
 * polls whether no child is alive (one owner at a time, as a scope has), from several threads. Checked in each operation and after the
 * scenario: once the owner saw a closed scope empty, no child is added and none ends (no child
 * outlives its scope); a spawn into a closed scope is refused; no wake of the owner is lost (a
 * pending poll is woken when the last child ends); every child ends exactly once.
 * {@link #theChecksCatchAScopeThatClosesWithoutWaitingForAChildStillUnwinding()} shows the checks
 * fail on a ledger that counts a cancelled child as gone at once, before it has finished unwinding.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ChildLedgerLincheckTest {

    /** What the checks need of a ledger. */
    interface Subject {
        /** @return a handle of the new child, or {@code null} if the scope is closed */
        Object add();

        /** The child ended; {@code cancelled}: after a cancel, else completed or failed. */
        void end(Object child, boolean failed);

        void stop();

        void close();

        /** @return whether no child is alive; if not, {@code owner} is woken when that changes */
        boolean pollEmpty(AtomicBoolean owner);
    }

    /** The real ledger, its children real {@link ScopeChild}ren of ready or failing futures. */
    static final class RealSubject implements Subject {
        private final ChildLedger ledger = new ChildLedger("checked", new ChildLedger.Events() {
            @Override
            public boolean onSpawn(ScopeChild<?> child) {
                return false;
            }

            @Override
            public boolean onComplete(ScopeChild<?> child) {
                return false;
            }
        });

        @Override
        public Object add() {
            try {
                return ledger.add(null, new Outcome());
            } catch (IllegalStateException closed) {
                return null;
            }
        }

        @Override
        public void end(Object child, boolean failed) {
            ScopeChild<?> c = (ScopeChild<?>) child;
            ((Outcome) c.inner()).fail = failed;
            try {
                c.poll(Context.noop());
            } catch (Exception expected) {
                // the failing outcome
            }
            c.taskEnded(); // what its task does once it recorded the outcome
        }

        @Override
        public void stop() {
            ledger.stop();
        }

        @Override
        public void close() {
            ledger.close();
        }

        @Override
        public boolean pollEmpty(AtomicBoolean owner) {
            return ledger.pollEmpty(Context.of(() -> owner.set(true))).isReady();
        }
    }

    /** A child's future: ready at its first poll, or failing. */
    static final class Outcome implements Future<Integer> {
        volatile boolean fail;

        @Override
        public Poll<Integer> poll(Context cx) {
            if (fail) throw new IllegalStateException("child failed");
            return Poll.ready(1);
        }
    }

    /**
     * A deliberately broken ledger: it counts the children alive, but a stop counts every child it
     * cancels as gone at once, as a scope would that closed without waiting for its children to
     * finish unwinding.
     */
    static final class EagerSubject implements Subject {
        private int live;
        private boolean closed;
        private AtomicBoolean waiter;

        @Override
        public synchronized Object add() {
            if (closed) return null;
            live++;
            return new Object();
        }

        @Override
        public void end(Object child, boolean failed) {
            AtomicBoolean w;
            synchronized (this) {
                if (live > 0) live--;
                w = live == 0 ? waiter : null;
            }
            if (w != null) w.set(true);
        }

        @Override
        public synchronized void stop() {
            live = 0; // the bug: cancelled is not ended
        }

        @Override
        public void close() {
            synchronized (this) {
                closed = true;
            }
            stop();
        }

        @Override
        public synchronized boolean pollEmpty(AtomicBoolean owner) {
            if (live == 0) return true;
            waiter = owner;
            return false;
        }
    }

    /** The operations and checks, over any subject. */
    static final class Checks {
        final Subject subject;
        final ConcurrentLinkedQueue<Object> alive = new ConcurrentLinkedQueue<>();
        final AtomicBoolean ownerWoken = new AtomicBoolean();
        volatile boolean ownerWaits;
        volatile boolean closedAndEmpty;
        volatile boolean closing; // set before the subject's close begins
        volatile boolean closed; // set once it returned
        volatile String violation;

        Checks(Subject subject) {
            this.subject = subject;
        }

        void spawn() {
            boolean wasClosed = closed;
            Object c = subject.add();
            if (c == null && !closing) violation = "a spawn was refused though the scope is open";
            if (c != null && wasClosed) violation = "a spawn into a closed scope was taken";
            if (c != null) {
                if (closedAndEmpty) violation = "a child was added after its scope closed";
                alive.add(c);
            }
            check();
        }

        void complete() {
            endOne(false);
        }

        void fail() {
            endOne(true);
        }

        private void endOne(boolean failed) {
            Object c = alive.poll();
            if (c == null) return;
            if (closedAndEmpty) violation = "a child ended after its scope closed";
            subject.end(c, failed);
            check();
        }

        void cancel() {
            subject.stop();
            check();
        }

        void closeAndPoll() {
            closing = true;
            subject.close();
            closed = true;
            ownerWoken.set(false);
            if (subject.pollEmpty(ownerWoken)) {
                if (!alive.isEmpty()) violation = "the scope saw no child alive, but a child had not ended";
                closedAndEmpty = true;
                ownerWaits = false; // this poll answered: no wake is owed to an earlier one
            } else {
                ownerWaits = true;
            }
            check();
        }

        private void check() {
            String v = violation;
            if (v != null) throw new IllegalStateException(v);
        }

        /** After the scenario: the children end; a waiting owner was woken, and sees the scope empty. */
        void validate() {
            for (Object c; (c = alive.poll()) != null; ) {
                if (closedAndEmpty) violation = "a child ended after its scope closed";
                subject.end(c, false);
            }
            check();
            if (ownerWaits && !ownerWoken.get()) throw new IllegalStateException("the owner's wake was lost");
            if (!subject.pollEmpty(new AtomicBoolean())) throw new IllegalStateException("children left alive at the end");
        }
    }

    /** Lincheck's view of the real ledger. */
    public static final class Real {
        private final Checks c = new Checks(new RealSubject());

        @Operation
        public void spawn() {
            c.spawn();
        }

        @Operation
        public void complete() {
            c.complete();
        }

        @Operation
        public void fail() {
            c.fail();
        }

        @Operation
        public void cancel() {
            c.cancel();
        }

        @Operation(nonParallelGroup = "owner") // one owner closes and waits, as a scope's owner does
        public void closeAndPoll() {
            c.closeAndPoll();
        }

        @Validate
        public void validate() {
            c.validate();
        }
    }

    /** Lincheck's view of the broken ledger. */
    public static final class Eager {
        private final Checks c = new Checks(new EagerSubject());

        @Operation
        public void spawn() {
            c.spawn();
        }

        @Operation
        public void complete() {
            c.complete();
        }

        @Operation
        public void cancel() {
            c.cancel();
        }

        @Operation(nonParallelGroup = "owner") // one owner closes and waits, as a scope's owner does
        public void closeAndPoll() {
            c.closeAndPoll();
        }

        @Validate
        public void validate() {
            c.validate();
        }
    }

    static ModelCheckingOptions modelChecking() {
        return Lincheck.modelCheckingPolls().threads(3).actorsPerThread(2).actorsBefore(2).actorsAfter(0)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 12)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 1_000 : 100);
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(2).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 200 : 30)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 20_000 : 1_000);
    }

    @Test
    void theChildAccountingKeepsEveryRuleUnderModelChecking() {
        Lincheck.check(Real.class, modelChecking());
    }

    @Test
    void theChildAccountingKeepsEveryRuleUnderStress() {
        Lincheck.check(Real.class, stress());
    }

    @Test
    void theChecksCatchAScopeThatClosesWithoutWaitingForAChildStillUnwinding() {
        LincheckAssertionError e = Lincheck.assertCaught(Eager.class, modelChecking().minimizeFailedScenario(false),
                "not ended", "after its scope closed");
        assertThat(e.getMessage()).containsAnyOf("the scope saw no child alive, but a child had not ended",
                "a child ended after its scope closed");
    }
}
