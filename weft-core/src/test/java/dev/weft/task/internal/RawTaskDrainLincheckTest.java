package dev.weft.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
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
 * A cancelled task whose future cannot finish cancelling at once (a body unwinding after an
 * interrupt, a cleanup await) under Lincheck: wakes, runs of queued entries, the cancel and the
 * end of the future's unwinding (on another thread, which then wakes the task) in any order.
 * Checked in each operation and after a final drain of the run queue: the task never completes
 * before its future's {@code pollCancel} answered ready (what {@code cancelAndJoin} and a closing
 * scope wait for), {@code pollCancel} and {@code poll} never overlap and {@code poll} never follows
 * the cancel hook, the hook runs exactly once, and no wake of the unwinding is lost: a task whose
 * future finished unwinding always completes. {@link #theChecksCatchATaskThatCompletesRightAfterTheCancelHook()}
 * shows the checks fail on a task that completes as soon as the hook returned (what Weft did
 * before the drain: a stackful body's {@code finally} blocks ran after {@code cancelAndJoin}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RawTaskDrainLincheckTest {

    /** A future never ready by itself, whose cancelling ends only when {@link #finishUnwinding} says so. */
    static final class Unwinder implements Future<Integer> {
        private final AtomicInteger inside = new AtomicInteger();
        final AtomicInteger cancels = new AtomicInteger();
        volatile boolean unwound;
        volatile boolean drained; // pollCancel answered ready
        volatile Waker waker;
        volatile String violation;

        @Override
        public Poll<Integer> poll(Context cx) {
            enter();
            if (cancels.get() > 0) violation = "polled after its cancel hook ran";
            leave();
            return Poll.pending();
        }

        @Override
        public void cancel() {
            if (cancels.incrementAndGet() > 1) violation = "cancel hook ran twice";
        }

        @Override
        public Poll<Void> pollCancel(Context cx) {
            enter();
            if (cancels.get() == 0) violation = "pollCancel before the cancel hook";
            waker = cx.waker();
            boolean ready = unwound; // read after the waker is stored: a finish after the read wakes it
            if (ready) drained = true;
            leave();
            return ready ? Poll.ready(null) : Poll.pending();
        }

        /** The body finished unwinding, on some other thread: it wakes whoever drains it. */
        void finishUnwinding() {
            unwound = true;
            Waker w = waker;
            if (w != null) w.wake();
        }

        private void enter() {
            if (inside.incrementAndGet() != 1) violation = "poll or pollCancel ran twice at once";
        }

        private void leave() {
            inside.decrementAndGet();
        }
    }

    /** What the checks need of a task implementation. */
    interface Subject {
        void wake();

        void runQueued();

        void cancel();

        boolean isCompleted();
    }

    /** The real task on a schedule that only queues. */
    static final class RealSubject implements Subject, Schedule {
        final ConcurrentLinkedQueue<RawTask<?>> queue = new ConcurrentLinkedQueue<>();
        final RawTask<Integer> task;

        RealSubject(Unwinder future) {
            task = new RawTask<>(future, this, true);
            queue.add(task);
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
        public boolean isCompleted() {
            return task.isCompleted();
        }
    }

    /**
     * A deliberately broken task: atomic scheduling as the real one, but a cancel completes it as
     * soon as the future's cancel hook returned, without waiting for its {@code pollCancel}.
     */
    static final class HookThenCompleteSubject implements Subject {
        final ConcurrentLinkedQueue<HookThenCompleteSubject> queue = new ConcurrentLinkedQueue<>();
        private final Unwinder future;
        private final java.util.concurrent.atomic.AtomicBoolean scheduled = new java.util.concurrent.atomic.AtomicBoolean(true);
        private final java.util.concurrent.atomic.AtomicBoolean owned = new java.util.concurrent.atomic.AtomicBoolean();
        private volatile boolean completed;

        HookThenCompleteSubject(Unwinder future) {
            this.future = future;
            queue.add(this);
        }

        @Override
        public void wake() {
            if (!completed && scheduled.compareAndSet(false, true)) queue.add(this);
        }

        @Override
        public void runQueued() {
            if (queue.poll() == null) return;
            scheduled.set(false);
            if (completed || !owned.compareAndSet(false, true)) return;
            try {
                if (!completed) future.poll(Context.noop());
            } finally {
                owned.set(false);
            }
        }

        @Override
        public void cancel() {
            while (!owned.compareAndSet(false, true)) Thread.onSpinWait();
            try {
                if (completed) return;
                future.cancel();
                completed = true;
            } finally {
                owned.set(false);
            }
        }

        @Override
        public boolean isCompleted() {
            return completed;
        }
    }

    /** The operations and checks, over any subject. */
    static final class Checks {
        final Unwinder future = new Unwinder();
        final Subject subject;
        private volatile boolean cancelRequested;

        Checks(java.util.function.Function<Unwinder, Subject> make) {
            this.subject = make.apply(future);
        }

        void wake() {
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

        void finishUnwinding() {
            future.finishUnwinding();
            check();
        }

        private void check() {
            String v = future.violation;
            if (v != null) throw new IllegalStateException(v);
            if (subject.isCompleted() && !future.drained) {
                throw new IllegalStateException("the task completed before its future finished cancelling");
            }
        }

        /** After the scenario: finish the unwinding, run every queued entry; a cancelled task must have ended. */
        void validate() {
            future.finishUnwinding();
            for (int i = 0; i < 100; i++) subject.runQueued();
            check();
            if (cancelRequested && !subject.isCompleted()) throw new IllegalStateException("a wake of the unwinding was lost");
            if (cancelRequested && future.cancels.get() != 1) {
                throw new IllegalStateException("cancel hook ran " + future.cancels.get() + " times");
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
        public void finishUnwinding() {
            c.finishUnwinding();
        }

        @Validate
        public void validate() {
            c.validate();
        }
    }

    /** Lincheck's view of the broken task. */
    public static final class HookThenComplete {
        private final Checks c = new Checks(HookThenCompleteSubject::new);

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
        public void finishUnwinding() {
            c.finishUnwinding();
        }

        @Validate
        public void validate() {
            c.validate();
        }
    }

    static ModelCheckingOptions modelChecking() {
        return Lincheck.modelCheckingPolls().threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(0)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 1_000 : 100);
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 200 : 30)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 20_000 : 1_000);
    }

    @Test
    void aCancelledTaskCompletesOnlyOnceItsFutureFinishedCancellingUnderModelChecking() {
        Lincheck.check(Real.class, modelChecking());
    }

    @Test
    void aCancelledTaskCompletesOnlyOnceItsFutureFinishedCancellingUnderStress() {
        Lincheck.check(Real.class, stress());
    }

    @Test
    void theChecksCatchATaskThatCompletesRightAfterTheCancelHook() {
        LincheckAssertionError e = Lincheck.assertCaught(HookThenComplete.class,
                modelChecking().minimizeFailedScenario(false), "completed before its future finished cancelling");
        assertThat(e.getMessage()).contains("the task completed before its future finished cancelling");
    }
}
