package dev.weft.scope;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.task.TaskLocal;
import dev.weft.time.Time;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Task scopes in stackful bodies and on a plain thread: joiners, cancellation, deadlines, nesting,
 * the failure hook and task-local bindings. (Woven bodies run the same source in weft-weaver's
 * {@code ScopeDifferentialTest}.)
 */
@Timeout(60)
class TaskScopeTest {
    private static final List<Throwable> hooked = new CopyOnWriteArrayList<>();
    private static WeftRuntime rt;
    private final List<String> log = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("scope-test-").onUncaughtException(hooked::add).build();
    }

    @AfterAll
    static void stop() {
        rt.close();
    }

    @BeforeEach
    void clear() {
        hooked.clear();
    }

    private Future<Integer> after(String name, long millis, int value) {
        return Weft.async(() -> {
            try {
                await(Time.sleep(Duration.ofMillis(millis)));
                log.add(name + " done");
                return value;
            } finally {
                log.add(name + " finally");
            }
        });
    }

    private Future<Integer> started(String name, long millis, int value) {
        return Weft.async(() -> {
            log.add(name + " started");
            return await(after(name, millis, value));
        });
    }

    private Future<Integer> failing(String name, long millis) {
        return Weft.async(() -> {
            await(Time.sleep(Duration.ofMillis(millis)));
            log.add(name + " fails");
            throw new IOException(name + " failed");
        });
    }

    @Test
    void allInOrderGivesEveryOutputInSpawnOrder() {
        List<Integer> out = rt.blockOn(Weft.async(() -> {
            try (TaskScope<Integer, List<Integer>> scope = TaskScope.open(Joiner.allInOrder())) {
                scope.spawn(after("a", 30, 1));
                scope.spawn(after("b", 5, 2));
                scope.spawn(after("c", 15, 3));
                return await(scope.join());
            }
        }));
        assertThat(out).containsExactly(1, 2, 3);
    }

    @Test
    void theFirstFailureCancelsTheSiblingsAndJoinThrowsItAfterTheyEnded() {
        assertThatThrownBy(() -> rt.blockOn(Weft.async(() -> {
            try (TaskScope<Object, Void> scope = TaskScope.open()) {
                scope.spawn(after("slow", 10_000, 1));
                scope.spawn(failing("bad", 10));
                await(scope.join());
                return "joined";
            }
        }))).isInstanceOf(IOException.class).hasMessage("bad failed");
        assertThat(log).containsExactly("bad fails", "slow finally");
        assertThat(hooked).isEmpty();
    }

    @Test
    void leavingTheBlockByAnExceptionCancelsTheChildrenAndWaitsForThem() {
        assertThatThrownBy(() -> rt.blockOn(Weft.async(() -> {
            try (TaskScope<Object, Void> scope = TaskScope.open()) {
                scope.spawn(after("a", 10_000, 1));
                scope.spawn(after("b", 10_000, 2));
                await(Time.sleep(Duration.ofMillis(5)));
                throw new IllegalStateException("owner gives up");
            } finally {
                log.add("owner after close");
            }
        }))).isInstanceOf(IllegalStateException.class);
        assertThat(log).hasSize(3).last().isEqualTo("owner after close");
        assertThat(log).contains("a finally", "b finally");
    }

    @Test
    void cancellingTheOwnerCancelsTheScopeAndCancelAndJoinWaitsForTheChildren() {
        Task<String> owner = rt.spawn(Weft.async(() -> {
            try (TaskScope<Object, Void> scope = TaskScope.open()) {
                scope.spawn(started("a", 10_000, 1));
                scope.spawn(Weft.async(() -> {
                    try (TaskScope<Object, Void> inner = TaskScope.open()) {
                        inner.spawn(started("grandchild", 10_000, 3));
                        await(inner.join());
                        return 2;
                    }
                }));
                await(scope.join());
                return "joined";
            }
        }));
        awaitLog("a started"); // a child cancelled before its first poll never runs its body
        awaitLog("grandchild started");
        rt.blockOn(owner.cancelAndJoin());
        assertThat(log).contains("a finally", "grandchild finally");
        assertThatThrownBy(() -> rt.blockOn(owner)).isInstanceOf(CancellationException.class);
    }

    @Test
    void aDeadlineCancelsTheChildrenAndJoinThrowsTimeoutExceptionNestedScopesSeeTheEarlierOne() {
        List<Long> leftMillis = new CopyOnWriteArrayList<>();
        assertThatThrownBy(() -> rt.blockOn(Weft.async(() -> {
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withTimeout(Duration.ofMillis(50)))) {
                scope.spawn(Weft.async(() -> {
                    try (TaskScope<Object, Void> inner = TaskScope.open(Joiner.failFast(), c -> c.withTimeout(Duration.ofSeconds(60)))) {
                        leftMillis.add(inner.timeLeft().orElseThrow().toMillis());
                        leftMillis.add(TaskScope.current().timeLeft().orElseThrow().toMillis());
                        inner.spawn(after("deep", 10_000, 1));
                        await(inner.join());
                        return 1;
                    }
                }));
                await(scope.join());
                return "joined";
            }
        }))).isInstanceOf(TimeoutException.class);
        assertThat(leftMillis).hasSize(2).allMatch(ms -> ms <= 50);
        assertThat(log).contains("deep finally");
    }

    @Test
    void supervisorLetsSiblingsRunAndJoinGivesTheFailures() {
        List<Throwable> failures = rt.blockOn(Weft.async(() -> {
            try (TaskScope<Object, List<Throwable>> scope = TaskScope.open(Joiner.supervisor())) {
                scope.spawn(failing("x", 5));
                scope.spawn(after("y", 30, 1));
                return await(scope.join());
            }
        }));
        assertThat(failures).singleElement().satisfies(t -> assertThat(t).hasMessage("x failed"));
        assertThat(log).contains("y done");
        assertThat(hooked).isEmpty();
    }

    @Test
    void firstSuccessWinsCancelsTheRestAndALosersUnreadFailureGoesToTheHookAtClose() {
        Integer w = rt.blockOn(Weft.async(() -> {
            try (TaskScope<Integer, Integer> scope = TaskScope.open(Joiner.firstSuccess())) {
                Task<Integer> loser = scope.spawn(failing("loser", 1));
                scope.spawn(Weft.async(() -> { // wins only after the loser failed, however slow the machine
                    while (!loser.isDone()) await(Time.sleep(Duration.ofMillis(2)));
                    return 7;
                }));
                scope.spawn(after("slow", 10_000, 9));
                return await(scope.join());
            }
        }));
        assertThat(w).isEqualTo(7);
        assertThat(log).contains("slow finally");
        assertThat(hooked).singleElement().satisfies(t -> assertThat(t).hasMessage("loser failed"));
    }

    @Test
    void aReportingScopeSendsEachFailureToTheHookAsItHappensOnceAndTheOthersRunOn() {
        int seenWhileOpen = rt.blockOn(Weft.async(() -> {
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.reporting())) {
                scope.spawn(failing("x", 1));
                scope.spawn(failing("y", 1));
                Task<Integer> z = scope.spawn(Weft.async(() -> {
                    while (hooked.size() < 2) await(Time.sleep(Duration.ofMillis(2))); // runs on past both failures
                    return 3;
                }));
                int seen = await(z) == 3 ? hooked.size() : -1;
                assertThat(await(scope.join())).isNull();
                return seen;
            }
        }));
        assertThat(seenWhileOpen).isEqualTo(2);
        assertThat(hooked).extracting(Throwable::getMessage).containsExactlyInAnyOrder("x failed", "y failed");
    }

    @Test
    void aFailureNobodyJoinedGoesToTheHookOnceWhenTheScopeCloses() {
        rt.blockOn(Weft.async(() -> {
            try (TaskScope<Object, List<Throwable>> scope = TaskScope.open(Joiner.supervisor())) {
                Task<Integer> t = scope.spawn(failing("unjoined", 1));
                await(Time.sleep(Duration.ofMillis(30)));
                return t.isDone();
            }
        }));
        assertThat(hooked).singleElement().satisfies(t -> assertThat(t).hasMessage("unjoined failed"));
    }

    @Test
    void theLambdaFormRunsTheBodyJoinsAndCloses() {
        int sum = rt.blockOn(TaskScope.run(scope -> Weft.async(() -> {
            Task<Integer> a = scope.spawn(after("a", 10, 20));
            Task<Integer> b = scope.spawn(after("b", 5, 22));
            return await(a) + await(b);
        })));
        assertThat(sum).isEqualTo(42);
    }

    @Test
    void aPlainThreadUsesAScopeOnAnExplicitRuntimeAndBlocksInClose() throws Exception {
        Task<Integer> a;
        Task<Integer> b;
        try (TaskScope<Integer, List<Integer>> scope = TaskScope.open(Joiner.allInOrder(), c -> c.withRuntime(rt))) {
            a = scope.spawn(after("a", 10_000, 1));
            b = scope.spawn(Weft.async(() -> {
                log.add("b started");
                return await(after("b", 10_000, 2));
            }));
            awaitLog("b started");
            scope.cancel();
            assertThatThrownBy(() -> Weft.await(scope.join())).isInstanceOf(CancellationException.class);
            assertThat(scope.liveChildren()).isZero();
        }
        assertThat(a.isDone()).isTrue();
        assertThat(b.isDone()).isTrue();
        assertThat(log).contains("b finally");
    }

    @Test
    void childrenInheritTaskLocalsAndSeeTheirScope() {
        TaskLocal<String> requestId = TaskLocal.named("requestId");
        String seen = rt.blockOn(TaskLocal.where(requestId, "r-17").run(Weft.async(() -> {
            try (TaskScope<String, List<String>> scope = TaskScope.open(Joiner.allInOrder(), c -> c.withName("req"))) {
                scope.spawn(Weft.async(() -> requestId.get() + " in " + TaskScope.current().name()));
                return await(scope.join()).getFirst();
            }
        })));
        assertThat(seen).isEqualTo("r-17 in req");
    }

    @Test
    void aGracefulCloseLetsChildrenFinishWithinTheGraceThenCancelsTheRest() {
        rt.blockOn(Weft.async(() -> {
            TaskScope<Object, Void> scope = TaskScope.open();
            scope.spawn(after("quick", 10, 1));
            scope.spawn(after("stuck", 60_000, 2));
            await(scope.closing(Duration.ofMillis(100)));
            assertThatThrownBy(() -> scope.spawn(after("late", 1, 3))).isInstanceOf(IllegalStateException.class);
            return null;
        }));
        assertThat(log).containsExactly("quick done", "quick finally", "stuck finally");
    }

    @Test
    void aTrackerReportsFailuresAsTheyHappenAndShutsDownGracefully() {
        rt.blockOn(Weft.async(() -> {
            TaskTracker tracker = TaskTracker.open();
            tracker.spawn(failing("conn-1", 1));
            tracker.spawn(after("conn-2", 20, 1));
            tracker.spawn(after("conn-3", 60_000, 1));
            await(Time.sleep(Duration.ofMillis(10)));
            assertThat(hooked).as("reported when it happened").hasSize(1);
            await(tracker.shutdown(Duration.ofMillis(100)));
            assertThat(tracker.active()).isZero();
            return null;
        }));
        assertThat(log).contains("conn-2 done", "conn-3 finally");
        assertThat(hooked).singleElement().satisfies(t -> assertThat(t).hasMessage("conn-1 failed"));
    }

    @Test
    void aCancellationTokenCancelsItsChildrenAndStopsWhatRunsUntilIt() {
        CancellationToken server = CancellationToken.create();
        CancellationToken conn = server.child();
        CancellationToken other = CancellationToken.create().child();
        Task<Integer> loop = rt.spawn(conn.runUntilCancelled(after("loop", 60_000, 1)));
        Task<Void> waiter = rt.spawn(server.cancelled());
        server.cancel();
        assertThatThrownBy(() -> rt.blockOn(loop)).isInstanceOf(CancellationException.class);
        rt.blockOn(waiter);
        assertThat(conn.isCancelled()).isTrue();
        assertThat(other.isCancelled()).isFalse();
        assertThat(server.child().isCancelled()).as("a child of a cancelled token").isTrue();
    }

    @Test
    void everyChildsTaskIsCompleteOnceJoinReturns() {
        int notDone = rt.blockOn(Weft.async(() -> {
            int count = 0;
            for (int round = 0; round < 300; round++) {
                try (TaskScope<Object, Void> scope = TaskScope.open()) {
                    List<Task<Integer>> children = new java.util.ArrayList<>();
                    for (int i = 0; i < 50; i++) {
                        int v = i;
                        children.add(scope.spawn(Future.yieldNow().map(x -> v)));
                    }
                    await(scope.join());
                    for (Task<Integer> t : children) if (!t.isDone()) count++;
                }
            }
            return count;
        }));
        assertThat(notDone).as("children whose task was not complete when join returned").isZero();
    }

    @Test
    void aChildSpawnedWithItsOwnBindingsSeesThemAndItsScopeAndAPlainSpawnInsideIsNoChild() {
        TaskLocal<String> tenant = TaskLocal.named("tenant");
        List<String> seen = rt.blockOn(Weft.async(() -> {
            try (TaskScope<String, List<String>> scope = TaskScope.open(Joiner.allInOrder(), c -> c.withName("outer"))) {
                scope.spawn(TaskLocal.where(tenant, "acme").run(Weft.async(() -> {
                    Task<String> plain = Task.spawn(Weft.async(() -> "plain sees " + TaskScope.current()
                            + " and " + tenant.orElse("no tenant")));
                    return tenant.get() + " in " + TaskScope.current().name() + "; " + await(plain);
                })));
                return await(scope.join());
            }
        }));
        assertThat(seen).containsExactly("acme in outer; plain sees null and acme");
    }

    private void awaitLog(String event) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!log.contains(event)) {
            if (System.nanoTime() > deadline) throw new AssertionError("no " + event + ": " + log);
            Thread.onSpinWait();
        }
    }
}
