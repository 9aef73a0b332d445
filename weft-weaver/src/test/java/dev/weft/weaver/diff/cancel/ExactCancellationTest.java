package dev.weft.weaver.diff.cancel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * Cancellation is exact in both modes: a cancelled body never goes on past the await it was
 * cancelled in, {@code cancelAndJoin} completes only after every {@code finally} of the body and of
 * its children ran, and what a {@code finally} throws while unwinding never replaces the outcome
 * the canceller sees: it goes to the runtime's failure hook, once. Each body of {@link Unwindings}
 * runs woven and stackful on a runtime of two workers.
 */
@Timeout(120)
class ExactCancellationTest {
    private static final List<Throwable> hooked = new CopyOnWriteArrayList<>();
    private static WeftRuntime rt;
    private static Class<?> woven;

    @BeforeAll
    static void start() throws ClassNotFoundException {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("exact-cancel-").onUncaughtException(hooked::add).build();
        String name = Unwindings.class.getName();
        woven = WeavingClassLoader.ofClasses(Unwindings.class.getClassLoader(), Set.of(name)).loadClass(name);
    }

    @AfterAll
    static void stop() {
        rt.close();
    }

    @BeforeEach
    void clearHook() {
        hooked.clear();
    }

    @ParameterizedTest(name = "woven: {0}")
    @ValueSource(booleans = {true, false})
    void aCancelledParentNeverGoesOnPastTheAwaitOfAChildThatSwallowedTheCancellation(boolean isWoven) {
        Probe p = new Probe();
        Task<String> t = rt.spawn(body(isWoven, "awaitsAChildThatSwallowsTheCancellation", p));
        p.awaitLogged("child waits");

        rt.blockOn(t.cancelAndJoin());

        assertThat(p.events()).containsExactly("child waits", "child caught the cancellation");
        assertThatThrownBy(() -> rt.blockOn(t)).isInstanceOf(CancellationException.class);
        assertThat(hooked).isEmpty();
    }

    @ParameterizedTest(name = "woven: {0}")
    @ValueSource(booleans = {true, false})
    void cancelAndJoinOfABodyRacingAChildBodyCompletesAfterBothFinallyBlocksRan(boolean isWoven) {
        for (int round = 0; round < 20; round++) {
            Probe p = new Probe();
            Task<String> t = rt.spawn(body(isWoven, "racesAChildBody", p));
            p.awaitLogged("child waits");

            rt.blockOn(t.cancelAndJoin());

            assertThat(p.events()).as("round " + round).containsExactly("child waits", "child finally", "parent finally");
            assertThat(p.cancels()).as("both never-ready futures cancelled, round " + round).isEqualTo(2);
        }
        assertThat(hooked).isEmpty();
    }

    @ParameterizedTest(name = "woven: {0}")
    @ValueSource(booleans = {true, false})
    void aFinallyThrowingUnderAnExpiredTimeoutLeavesTheTimeoutToTheAwaiterAndGoesToTheHook(boolean isWoven) {
        Probe p = new Probe();
        String out = rt.blockOn(rt.spawn(body(isWoven, "finallyThrowsUnderATimeout", p)));

        assertThat(out).isEqualTo("timed out");
        assertThat(p.events()).containsExactly("child waits", "child finally");
        assertThrownWhileUnwindingReportedOnce();
    }

    @ParameterizedTest(name = "woven: {0}")
    @ValueSource(booleans = {true, false})
    void aFinallyThrowingInTheLoserOfARaceLeavesTheWinnerAndGoesToTheHook(boolean isWoven) {
        Probe p = new Probe();
        String out = rt.blockOn(rt.spawn(body(isWoven, "finallyThrowsInTheLoserOfARace", p)));

        assertThat(out).isEqualTo("the winner");
        assertThat(p.events()).containsExactly("child waits", "child finally");
        assertThrownWhileUnwindingReportedOnce();
    }

    @ParameterizedTest(name = "woven: {0}")
    @ValueSource(booleans = {true, false})
    void aFinallyThrowingInAChildOfACancelledParentIsNotSeenByTheParentAndGoesToTheHook(boolean isWoven) {
        Probe p = new Probe();
        Task<String> t = rt.spawn(body(isWoven, "finallyThrowsInAChildOfACancelledParent", p));
        p.awaitLogged("child waits");

        rt.blockOn(t.cancelAndJoin());

        assertThat(p.events()).containsExactly("child waits", "child finally", "parent finally");
        assertThatThrownBy(() -> rt.blockOn(t)).isInstanceOf(CancellationException.class);
        assertThrownWhileUnwindingReportedOnce();
    }

    private static void assertThrownWhileUnwindingReportedOnce() {
        assertThat(hooked).hasSize(1);
        assertThat(hooked.getFirst()).isInstanceOf(ArithmeticException.class).hasMessage("thrown while unwinding");
    }

    private static Future<String> body(boolean isWoven, String name, Probe p) {
        Future<String> f = BodyMethods.future(isWoven ? woven : Unwindings.class, name, p);
        assertThat(f instanceof WovenFuture<?>).as("woven " + name).isEqualTo(isWoven);
        return f;
    }
}
