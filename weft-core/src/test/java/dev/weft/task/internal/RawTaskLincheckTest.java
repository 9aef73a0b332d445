package dev.weft.task.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.testkit.Lincheck;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link RawTask} state word under Lincheck: wakes, runs of queued entries, cancels and
 * detaches from several threads. Checked in each operation and by the {@code @Validate} function
 * after a final drain of the run queue: the future is never polled by two threads at once, never
 * after it completed or was cancelled, its cancel hook runs at most once (and exactly once if a
 * cancel came before completion), no wake is lost (a wake after the last poll began always leads
 * to another poll or to the end), and a requested cancel always ends the task.
 * {@link #theChecksCatchATaskWithoutAtomicScheduling()} shows the same checks fail on a task whose
 * wake checks and sets its scheduled flag in two steps.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RawTaskLincheckTest {

    /** The future under test: pending for three polls, then ready; records misuse. */
    static final class Probe implements Future<Integer> {
        private final AtomicInteger inPoll = new AtomicInteger();
        final AtomicInteger cancels = new AtomicInteger();
        volatile boolean signal; // a wake was sent and no poll began since
        volatile boolean done;
        volatile String violation;
        private int polls;

        @Override
        public Poll<Integer> poll(Context cx) {
            if (inPoll.incrementAndGet() != 1) violation = "two polls at once";
            if (done) violation = "polled after it completed";
            if (cancels.get() > 0) violation = "polled after its cancel hook ran";
            signal = false;
            int n = ++polls;
            if (n >= 3) done = true;
            inPoll.decrementAndGet();
            return n >= 3 ? Poll.ready(n) : Poll.pending();
        }

        @Override
        public void cancel() {
            if (cancels.incrementAndGet() > 1) violation = "cancel hook ran twice";
            if (done) violation = "cancel hook ran after completion";
        }
    }

    /** What the checks need of a task implementation. */
    interface Subject {
        void wake();

        /** Runs one queued entry, if there is one. */
        void runQueued();

        void cancel();

        void detach();

        boolean isCompleted();
    }

    /** The real task on a schedule that only queues. */
    static final class RealSubject implements Subject, Schedule {
        final ConcurrentLinkedQueue<RawTask<?>> queue = new ConcurrentLinkedQueue<>();
        final RawTask<Integer> task;

        RealSubject(Probe probe) {
            task = new RawTask<>(probe, this, true);
            queue.add(task); // a new task is SCHEDULED: its first entry
        }

        @Override
        public void schedule(RawTask<?> t, boolean yielded) {
            queue.add(t);
        }

        @Override
        public boolean track(RawTask<?> t) {
            return true;
        }

        @Override
        public void release(RawTask<?> t, boolean tracked) {}

        @Override
        public void uncaught(Throwable error) {}

        @Override
        public void wake() {
            task.wake();
        }

        @Override
        public void runQueued() {
            RawTask<?> t = queue.poll();
            if (t != null) t.run();
        }

        @Override
        public void cancel() {
            task.cancel();
        }

        @Override
        public void detach() {
            task.detach();
        }

        @Override
        public boolean isCompleted() {
            return task.isCompleted();
        }
    }

    /** A deliberately broken task: wake reads, then sets, its scheduled flag (two entries can result). */
    static final class TwoStepSubject implements Subject {
        final ConcurrentLinkedQueue<TwoStepSubject> queue = new ConcurrentLinkedQueue<>();
        private final Probe probe;
        private volatile boolean scheduled = true;
        private volatile boolean completed;
        private volatile boolean cancelled;

        TwoStepSubject(Probe probe) {
            this.probe = probe;
            queue.add(this);
        }

        @Override
        public void wake() {
            if (completed || cancelled) return;
            if (!scheduled) {
                scheduled = true;
                queue.add(this);
            }
        }

        @Override
        public void runQueued() {
            if (queue.poll() == null || completed || cancelled) return;
            scheduled = false;
            if (probe.poll(Context.noop()).isReady()) completed = true;
        }

        @Override
        public void cancel() {
            if (completed || cancelled) return;
            cancelled = true;
            probe.cancel();
            completed = true;
        }

        @Override
        public void detach() {}

        @Override
        public boolean isCompleted() {
            return completed;
        }
    }

    /** The operations and checks, over any subject. */
    static final class Checks {
        final Probe probe = new Probe();
        final Subject subject;
        private volatile boolean cancelRequested;

        Checks(java.util.function.Function<Probe, Subject> make) {
            this.subject = make.apply(probe);
        }

        void wake() {
            probe.signal = true;
            subject.wake();
            check();
        }

        void run() {
            subject.runQueued();
            check();
        }

        void cancel() {
            cancelRequested = true;
            subject.cancel();
            check();
        }

        void detach() {
            subject.detach();
            check();
        }

        private void check() {
            String v = probe.violation;
            if (v != null) throw new IllegalStateException(v);
        }

        /** After the scenario: run every queued entry, then nothing may be left waiting or wrong. */
        void validate() {
            for (int i = 0; i < 100; i++) subject.runQueued();
            check();
            if (probe.signal && !subject.isCompleted()) throw new IllegalStateException("a wake was lost");
            if (cancelRequested && !subject.isCompleted()) throw new IllegalStateException("cancelled but not ended");
            if (cancelRequested && !probe.done && probe.cancels.get() != 1) {
                throw new IllegalStateException("cancelled before completion, hook ran " + probe.cancels.get() + " times");
            }
        }
    }

    /** Lincheck's view of the real task. */
    public static final class Real {
        private final Checks c = new Checks(RealSubject::new);

        @Operation
        public void wake() {
            c.wake();
        }

        @Operation
        public void run() {
            c.run();
        }

        @Operation
        public void cancel() {
            c.cancel();
        }

        @Operation
        public void detach() {
            c.detach();
        }

        @Validate
        public void validate() {
            c.validate();
        }
    }

    /** Lincheck's view of the broken task. */
    public static final class TwoStep {
        private final Checks c = new Checks(TwoStepSubject::new);

        @Operation
        public void wake() {
            c.wake();
        }

        @Operation
        public void run() {
            c.run();
        }

        @Operation
        public void cancel() {
            c.cancel();
        }

        @Validate
        public void validate() {
            c.validate();
        }
    }

    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions().threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(0)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 1_000 : 100);
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 200 : 30)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 20_000 : 1_000);
    }

    @Test
    void theStateWordKeepsEveryRuleUnderModelChecking() {
        Lincheck.check(Real.class, modelChecking());
    }

    @Test
    void theStateWordKeepsEveryRuleUnderStress() {
        Lincheck.check(Real.class, stress());
    }

    @Test
    void theChecksCatchATaskWithoutAtomicScheduling() {
        assertThatThrownBy(() -> Lincheck.check(TwoStep.class, modelChecking().minimizeFailedScenario(false)))
                .isInstanceOf(LincheckAssertionError.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Unsupported class file major version"));
    }
}
