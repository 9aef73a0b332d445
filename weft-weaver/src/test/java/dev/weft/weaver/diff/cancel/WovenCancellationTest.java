package dev.weft.weaver.diff.cancel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.coro.WovenFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cancelling woven futures polled by hand: the awaited child is cancelled, the body resumes once
 * with a CancellationException at its await so finally blocks and resources run exactly once, and
 * a woven future that ended refuses further polls. Where the stackful coroutine defines the same
 * behaviour, the woven run is compared with it.
 */
@Timeout(60)
class WovenCancellationTest {
    private static Class<?> woven;

    @BeforeAll
    static void weave() throws ClassNotFoundException {
        String name = Cancellables.class.getName();
        woven = WeavingClassLoader.ofClasses(Cancellables.class.getClassLoader(), Set.of(name)).loadClass(name);
    }

    @Test
    void cancellingASuspendedBodyCancelsTheChildAndRunsFinallyAndCloseOnce() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("suspendedInsideResourceAndFinally", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(p.events()).containsExactly("open r", "start r");

        f.cancel();
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(p.events()).containsExactly("open r", "start r", "finally", "close r");
        assertThat(((WovenFuture<?>) f).isDone()).isTrue();

        f.cancel();
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(p.events()).containsExactly("open r", "start r", "finally", "close r");
    }

    @Test
    void aCancelledWovenFutureRefusesToBePolled() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("suspendedInsideResourceAndFinally", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        f.cancel();
        int polls = p.polls();

        assertThatThrownBy(() -> f.poll(Context.noop())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("after it completed or was cancelled");
        assertThat(p.polls()).isEqualTo(polls);
        assertThat(p.events()).containsExactly("open r", "start r", "finally", "close r");
    }

    @Test
    void cancelBeforeTheFirstPollRunsNothing() {
        Probe p = new Probe();
        Future<String> f = wovenFuture("logsThenWaits", p);
        f.cancel();

        assertThat(p.events()).isEmpty();
        assertThat(p.polls()).isZero();
        assertThat(p.cancels()).isZero();
        assertThatThrownBy(() -> f.poll(Context.noop())).isInstanceOf(IllegalStateException.class);
        assertThat(p.events()).isEmpty();
    }

    @Test
    void pollAfterCompletionThrowsIllegalState() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("completesAfterOnePendingPoll", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(f.poll(Context.noop())).isEqualTo(Poll.ready("done x"));

        assertThatThrownBy(() -> f.poll(Context.noop())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("after it completed");
        assertThat(p.polls()).isEqualTo(2);
    }

    @Test
    void pollAfterTheBodyThrewThrowsIllegalState() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("throwsAfterOnePendingPoll", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThatThrownBy(() -> f.poll(Context.noop())).isInstanceOf(ArithmeticException.class)
                .hasMessage("thrown after x");

        assertThatThrownBy(() -> f.poll(Context.noop())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("after it threw");
        assertThat(p.polls()).isEqualTo(2);
    }

    @Test
    void anAwaitReachedWhileCancellingThrowsCancellationAtOnceWithoutPollingItsFuture() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("awaitsInFinallyWhileCancelled", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(p.polls()).isEqualTo(1);

        f.cancel();
        assertThat(p.events()).containsExactly("finally", "refused a CancellationException");
        assertThat(p.polls()).as("the future awaited in finally is never polled").isEqualTo(1);
        assertThat(p.cancels()).isEqualTo(1);
    }

    @Test
    void cancelUnwindsNestedFinallyBlocksInALoopInnermostFirstOnce() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("suspendedInNestedFinallyInsideLoop", p);
        for (int i = 0; i < 3; i++) assertThat(f.poll(Context.noop()).isPending()).isTrue();

        f.cancel();
        assertThat(p.events()).containsExactly("iteration 0", "inner finally 0", "outer finally 0", "iteration 1",
                "inner finally 1", "outer finally 1", "iteration 2", "inner finally 2", "outer finally 2");
        assertThat(p.cancels()).isEqualTo(1);
    }

    @Test
    void anExceptionThrownWhileUnwindingGoesToTheThreadsFailureSinkNotToTheCanceller() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("finallyThrowsWhileUnwinding", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        List<Throwable> reported = new ArrayList<>();
        Thread self = Thread.currentThread();
        Thread.UncaughtExceptionHandler before = self.getUncaughtExceptionHandler();
        self.setUncaughtExceptionHandler((t, e) -> reported.add(e)); // a plain thread: Wakes.report's last resort
        try {
            f.cancel();
        } finally {
            self.setUncaughtExceptionHandler(before);
        }
        assertThat(reported).hasSize(1);
        assertThat(reported.getFirst()).isInstanceOf(IllegalStateException.class).hasMessage("thrown while unwinding");
        assertThat(p.events()).containsExactly("finally");
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(((WovenFuture<?>) f).isDone()).isTrue();
        assertThat(f.pollCancel(Context.noop()).isReady()).isTrue();
    }

    @Test
    void aBodyThatCatchesTheCancellationEndsTheFutureAnyway() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("catchesCancellationAndReturns", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();

        f.cancel();
        assertThat(p.events()).containsExactly("caught a CancellationException");
        assertThatThrownBy(() -> f.poll(Context.noop())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void cancelReachesTheChildOfANestedWovenFuture() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("awaitsNestedAsyncBody", p);
        assertThat(f.poll(Context.noop()).isPending()).isTrue();

        f.cancel();
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(p.events()).containsExactly("inner finally", "outer finally");
    }

    @ParameterizedTest(name = "{0} after {1} polls")
    @CsvSource({
            "suspendedInsideResourceAndFinally, 1",
            "awaitsInFinallyWhileCancelled, 1",
            "suspendedInNestedFinallyInsideLoop, 3",
            "catchesCancellationAndReturns, 1",
            "awaitsNestedAsyncBody, 1",
    })
    void aCancelledStackfulCoroutineUnwindsTheSameWay(String body, int polls) throws Exception {
        Probe wovenProbe = new Probe();
        Probe stackfulProbe = new Probe();
        List<Future<String>> both = List.of(wovenFuture(body, wovenProbe), BodyMethods.future(Cancellables.class, body, stackfulProbe));
        assertThat(both.get(1)).isNotInstanceOf(WovenFuture.class);
        for (Future<String> f : both) {
            for (int i = 0; i < polls; i++) assertThat(f.poll(Context.noop()).isPending()).isTrue();
            f.cancel();
        }
        assertThat(wovenProbe.events()).isEqualTo(stackfulProbe.events());
        assertThat(wovenProbe.cancels()).isEqualTo(stackfulProbe.cancels()).isEqualTo(1);
        assertThat(wovenProbe.polls()).isEqualTo(stackfulProbe.polls());
    }

    @Test
    void aYieldWakesTheTaskSuspendsOnTheSharedYieldedChildAndCancelsLikeAnyAwait() throws Exception {
        Probe p = new Probe();
        Future<String> f = wovenFuture("yieldsInsideFinally", p);
        int[] wakes = {0};
        Context counting = Context.of(() -> wakes[0]++);
        for (int i = 1; i <= 3; i++) {
            assertThat(f.poll(counting).isPending()).isTrue();
            assertThat(wakes[0]).as("a yield wakes its task once per poll").isEqualTo(i);
            // no Future.yieldNow() object was made: the body is suspended on the shared, ready YIELDED
            assertThat(((WovenFuture<?>) f).awaitedFuture()).isSameAs(WovenFuture.YIELDED);
        }
        assertThat(p.events()).containsExactly("yield", "yield", "yield");

        f.cancel();
        assertThat(p.events()).containsExactly("yield", "yield", "yield", "finally");
        assertThat(((WovenFuture<?>) f).isDone()).isTrue();
        assertThatThrownBy(() -> f.poll(counting)).isInstanceOf(IllegalStateException.class);

        Probe stackfulProbe = new Probe(); // the same body as a coroutine, with a real Future.yieldNow()
        Future<String> stackful = BodyMethods.future(Cancellables.class, "yieldsInsideFinally", stackfulProbe);
        for (int i = 0; i < 3; i++) assertThat(stackful.poll(Context.noop()).isPending()).isTrue();
        stackful.cancel();
        assertThat(stackfulProbe.events()).isEqualTo(p.events());
    }

    private static Future<String> wovenFuture(String body, Probe p) {
        Future<String> f = BodyMethods.future(woven, body, p);
        assertThat(f).as("woven " + body).isInstanceOf(WovenFuture.class);
        return f;
    }
}
