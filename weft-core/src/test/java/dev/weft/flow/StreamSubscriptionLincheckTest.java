package dev.weft.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.testkit.Lincheck;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.annotations.Validate;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.ManagedStrategyGuaranteeKt;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wake protocol between a subscriber's threads ({@code request}, {@code cancel} on a
 * {@link StreamSubscription}) and the task driving the subscription ({@link SubscriptionDriver}),
 * under Lincheck's model checker and stress strategy. The driver is polled as an executor would:
 * first because it was spawned, then only after its waker fired. After every scenario the
 * {@code @Validate} function goes on polling while woken and checks the outcome: without a cancel
 * every requested element was delivered (no request's wake was lost) and the stream was never
 * cancelled; with one the driver ended, cancelled the stream exactly once and signalled nothing
 * more; and never more elements than requested. {@link LostRequestWake}, a subscription whose
 * requests never wake the driver, is the deliberately broken variant the model checker must catch
 * ("a lost wake").
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StreamSubscriptionLincheckTest {

    /** Always ready with the same element, for ever; counts its cancels. */
    static final class Ones implements AsyncStream<Integer> {
        private static final Integer ONE = 1;
        int cancels;

        @Override
        public Poll<Integer> pollNext(Context cx) {
            return Poll.ready(ONE);
        }

        @Override
        public void cancel() {
            cancels++;
        }
    }

    /** Counts onNext; records terminal signals. Called by the driver only (the owner group). */
    static final class Counter implements Flow.Subscriber<Integer> {
        long delivered;
        int terminals;

        @Override
        public void onSubscribe(Flow.Subscription s) {}

        @Override
        public void onNext(Integer item) {
            delivered++;
        }

        @Override
        public void onError(Throwable error) {
            terminals++;
        }

        @Override
        public void onComplete() {
            terminals++;
        }
    }

    /** Requests from any thread and the executor's polls; {@link WithCancel} adds cancels. */
    @Param(name = "n", gen = IntGen.class, conf = "1:3")
    public static class Ops {
        private final Ones stream = new Ones();
        private final Counter subscriber = new Counter();
        private final StreamSubscription state;
        private final SubscriptionDriver<Integer> driver;
        private final AtomicInteger wakes = new AtomicInteger();
        private final AtomicLong requested = new AtomicLong();
        private final Context cx = Context.of(wakes::incrementAndGet);
        /** Executor only: the wake count when the last poll began if it answered pending, else -1 (a poll is due). */
        private int pendingSince = -1;
        private boolean done;

        public Ops() {
            this(new StreamSubscription("lincheck"));
        }

        Ops(StreamSubscription state) {
            this.state = state;
            driver = new SubscriptionDriver<>(state, subscriber, stream);
        }

        @Operation
        public void request(@Param(name = "n") int n) {
            requested.addAndGet(n);
            state.request(n);
        }

        void cancelOnce() {
            state.cancel();
        }

        @Operation(nonParallelGroup = "executor")
        public void poll() throws Exception {
            if (isDue()) pollAsTheExecutorWould();
        }

        private boolean isDue() {
            return !done && (pendingSince == -1 || wakes.get() != pendingSince);
        }

        private void pollAsTheExecutorWould() throws Exception {
            int before = wakes.get();
            done = driver.poll(cx).isReady();
            pendingSince = done ? -1 : before;
        }

        @Validate
        public void everyRequestIsServedUnlessCancelledAndNothingFollowsACancel() throws Exception {
            for (int polls = 0; isDue(); polls++) {
                if (polls > 20) throw new IllegalStateException("the driver keeps asking to be polled");
                pollAsTheExecutorWould();
            }
            if (subscriber.delivered > requested.get()) {
                throw new IllegalStateException("delivered " + subscriber.delivered + " > requested " + requested.get());
            }
            if (subscriber.terminals != 0) throw new IllegalStateException("a terminal signal from an endless stream");
            if (state.isCancelled()) {
                if (!done) throw new IllegalStateException("cancelled, but the driver is parked (a lost wake)");
                if (stream.cancels != 1) throw new IllegalStateException("stream cancelled " + stream.cancels + " times");
            } else {
                if (done) throw new IllegalStateException("the driver ended without a cancel");
                if (subscriber.delivered != requested.get()) {
                    throw new IllegalStateException("requested " + requested.get() + ", delivered " + subscriber.delivered
                            + ", and the driver is parked (a lost wake)");
                }
                if (stream.cancels != 0) throw new IllegalStateException("stream cancelled without a cancel");
            }
        }
    }

    /**
     * With cancels too. A separate scenario class: were cancel as likely as request in every
     * scenario, nearly every scenario would end cancelled and few would check that requests alone
     * are all served.
     */
    public static class WithCancel extends Ops {
        @Operation
        public void cancel() {
            cancelOnce();
        }
    }

    /** Deliberately broken: a request that makes demand positive does not wake the driver. */
    public static class LostRequestWake extends Ops {
        public LostRequestWake() {
            super(new StreamSubscription("lincheck, requests never wake") {
                @Override
                void demandArrived() {} // the lost wake: the driver saw zero demand and waits
            });
        }
    }

    /**
     * {@code Poll.ready} (for {@code null}) reads a {@code Poll.Ready} record from a static field,
     * and Lincheck 2.39 walks the value of every static field it sees read through {@code Unsafe},
     * which cannot read a record's fields ("can't get field offset on a record class"): it is left
     * out of the model; it reads one constant.
     */
    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions()
                .addGuarantee(ManagedStrategyGuaranteeKt.forClasses(Poll.class.getName()).methods("ready").ignore())
                .threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 2_000 : 200);
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 10_000 : 500);
    }

    @Test
    void requestsFromAnyThreadAreAllServedUnderModelChecking() {
        Lincheck.check(Ops.class, modelChecking());
    }

    @Test
    void requestsAndCancelsFromAnyThreadNeverLoseTheDriversWakeUnderModelChecking() {
        Lincheck.check(WithCancel.class, modelChecking());
    }

    @Test
    void theModelCheckerCatchesARequestThatDoesNotWakeTheDriver() {
        assertThat(Lincheck.assertCaught(LostRequestWake.class, modelChecking(), "lost wake"))
                .hasMessageContaining("a lost wake");
    }

    @Test
    void requestsAndCancelsFromAnyThreadNeverLoseTheDriversWakeUnderStress() {
        Lincheck.check(Ops.class, stress());
        Lincheck.check(WithCancel.class, stress());
    }
}
