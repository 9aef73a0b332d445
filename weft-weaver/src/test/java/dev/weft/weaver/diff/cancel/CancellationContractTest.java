package dev.weft.weaver.diff.cancel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.blocking.BlockingPool;
import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.weaver.diff.bodies.CancellationContract;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each sentence of the cancellation contract (README, "Cancellation"), tested in the three modes
 * one source runs in: woven, stackful, and blocking (the body's blocking twin on a blocking-pool
 * thread, whose cancellation is an interrupt). A body is spawned as a task on a two-worker
 * runtime and, where the sentence is about the body's own cancellation, cancelled with
 * {@code cancelAndJoin} once it logged {@code "waits"}; what the body logged, what awaiting the
 * task gives, how many polls the probe's futures saw and what reached the runtime's failure
 * hook must be what the sentence says, in every mode. The bodies are in {@link CancellationContract}.
 */
@Timeout(120)
class CancellationContractTest {
    private static final List<String> hooked = new CopyOnWriteArrayList<>();
    private static WeftRuntime rt;
    private static Class<?> woven;

    /** The three ways one source runs. */
    enum Mode { WOVEN, STACKFUL, BLOCKING }

    /** What one run showed. */
    record Run(List<String> events, String outcome, int polls, List<String> reported) {}

    @BeforeAll
    static void start() throws ClassNotFoundException {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("contract-")
                .onUncaughtException(t -> hooked.add(t.getClass().getSimpleName() + ": " + t.getMessage())).build();
        String name = CancellationContract.class.getName();
        woven = WeavingClassLoader.ofClasses(CancellationContract.class.getClassLoader(), Set.of(name)).loadClass(name);
    }

    @AfterAll
    static void stop() {
        rt.close();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theAwaitABodyIsSuspendedInThrowsCancellationAndTheBodyNeverGoesOnPastIt(Mode mode) {
        assertThat(cancelled(mode, "suspendedAwaitThrows"))
                .isEqualTo(new Run(List.of("waits", "caught CancellationException"), "CancellationException", 1, List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void notEvenWhenTheChildBodyItAwaitsSwallowsTheCancellationAndReturns(Mode mode) {
        assertThat(cancelled(mode, "noGoingOnWithASwallowingChild"))
                .isEqualTo(new Run(List.of("waits", "child caught the cancellation"), "CancellationException", 1, List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theAwaitedFutureIsCancelledAndWaitedForSoTheChildsFinallyRunsFirst(Mode mode) {
        assertThat(cancelled(mode, "childFinallyBeforeTheBodys"))
                .isEqualTo(new Run(List.of("waits", "child finally", "body finally"), "CancellationException", 2, List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void everyLaterAwaitThrowsAtOnceWithoutPollingItsFuture(Mode mode) {
        assertThat(cancelled(mode, "laterAwaitsThrowAtOnce")).isEqualTo(new Run(
                List.of("waits", "swallowed", "refused again", "refused again"), "CancellationException", 1, List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aShieldedCleanupAwaitIsWaitedForWhileTheBodyUnwinds(Mode mode) {
        assertThat(cancelled(mode, "cleanupAwaitRunsWhileUnwinding"))
                .isEqualTo(new Run(List.of("waits", "cleanup done"), "CancellationException", 4, List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aShieldedCleanupAwaitEndsInTimeoutExceptionAtItsBound(Mode mode) {
        Run r = cancelled(mode, "cleanupAwaitIsBounded");
        assertThat(r).isEqualTo(new Run(List.of("waits", "cleanup timed out"), "CancellationException", r.polls(), List.of()));
        assertThat(r.polls()).as("the cleanup's never-ready future was polled").isGreaterThanOrEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aCleanupAwaitTheBodyIsSuspendedInWhenCancelledGoesOnToItsBound(Mode mode) {
        Run r = cancelled(mode, "cleanupAwaitInProgressGoesOn");
        assertThat(r).isEqualTo(new Run(List.of("waits", "cleanup timed out", "later await refused"), "CancellationException",
                r.polls(), List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aTimeoutThrowsOnlyOnceTheFutureItCancelledIsDoneCancelling(Mode mode) {
        Run r = run(mode, "timeoutAnswersAfterTheCancelledCleanup", false);
        assertThat(r).isEqualTo(new Run(List.of("waits", "child cleaned up", "timed out"), "timed out", r.polls(), List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aRaceAnswersOnlyOnceItsLosersAreDoneCancelling(Mode mode) {
        Run r = run(mode, "raceAnswersAfterTheLosersCleanup", false);
        assertThat(r).isEqualTo(new Run(List.of("loser waits", "loser cleaned up", "race answered the winner"),
                "the winner", r.polls(), List.of()));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void whatAFinallyThrowsWhileUnwindingGoesToTheFailureHookOnceNotToTheCanceller(Mode mode) {
        assertThat(cancelled(mode, "finallyThrowingWhileUnwinding")).isEqualTo(new Run(List.of("waits", "finally"),
                "CancellationException", 1, List.of("ArithmeticException: thrown while unwinding")));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aValueReturnedAfterCatchingTheCancellationIsDroppedAndTheTaskEndsCancelled(Mode mode) {
        assertThat(cancelled(mode, "valueAfterTheCancellationIsDropped"))
                .isEqualTo(new Run(List.of("waits", "swallowed"), "CancellationException", 1, List.of()));
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"WOVEN", "STACKFUL"})
    void aBodyCancelledBeforeItsFirstPollNeverRuns(Mode mode) {
        Probe p = new Probe();
        Future<String> f = body(mode, "neverRunIfCancelledFirst", p);
        f.cancel();
        assertThat(f.pollCancel(Context.noop()).isReady()).isTrue();
        assertThat(p.events()).isEmpty();
        assertThat(p.polls()).isZero();
    }

    @Test
    void blockingCodeCancelledBeforeItsPoolThreadTookItNeverRuns() throws InterruptedException {
        BlockingPool pool = BlockingPool.create(1, Duration.ofSeconds(1), "contract-one-");
        CountDownLatch release = new CountDownLatch(1);
        Task<Object> busy = rt.spawn(pool.unblock(() -> release.await(30, TimeUnit.SECONDS)));
        Probe p = new Probe();
        Task<String> queued = rt.spawn(pool.unblock(BodyMethods.blocking(CancellationContract.class,
                "neverRunIfCancelledFirst", p)));
        rt.blockOn(queued.cancelAndJoin());
        release.countDown();
        rt.blockOn(busy);
        pool.close(Duration.ofSeconds(5).toNanos());
        assertThat(p.events()).isEmpty();
        assertThat(p.polls()).isZero();
    }

    /** Runs {@code body} in {@code mode}, cancelled with cancelAndJoin once it logged "waits". */
    private static Run cancelled(Mode mode, String body) {
        return run(mode, body, true);
    }

    private static Run run(Mode mode, String body, boolean cancelAtWaits) {
        hooked.clear();
        Probe p = new Probe();
        Task<String> t = rt.spawn(body(mode, body, p));
        if (cancelAtWaits) {
            p.awaitLogged("waits");
            p.awaitPolls(1); // the await polled its future: the body is in it, in every mode
            rt.blockOn(t.cancelAndJoin());
        }
        String outcome;
        try {
            outcome = rt.blockOn(t);
        } catch (RuntimeException e) {
            outcome = e.getClass().getSimpleName();
        }
        return new Run(p.events(), outcome, p.polls(), List.copyOf(hooked));
    }

    private static Future<String> body(Mode mode, String name, Probe p) {
        return switch (mode) {
            case WOVEN -> {
                Future<String> f = BodyMethods.future(woven, name, p);
                assertThat(f).as("woven " + name).isInstanceOf(WovenFuture.class);
                yield f;
            }
            case STACKFUL -> {
                Future<String> f = BodyMethods.future(CancellationContract.class, name, p);
                assertThat(f).as("stackful " + name).isNotInstanceOf(WovenFuture.class);
                yield f;
            }
            case BLOCKING -> rt.blockingPool().unblock(BodyMethods.blocking(CancellationContract.class, name, p));
        };
    }
}
