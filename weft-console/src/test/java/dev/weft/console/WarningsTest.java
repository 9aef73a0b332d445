package dev.weft.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which tasks draw which warning, and how many are named one by one. */
class WarningsTest {
    private static final Options DEFAULTS = Options.parse(new String[] {"1", "--idle-warn", "5"});
    private static final long MS = 1_000_000;

    private static Sample.Task task(String id, String state, long inStateMs, long polls, long selfWakes, long longestPollMs) {
        return new Sample.Task(id, state, inStateMs * MS, 1, 1, 1, polls, polls, selfWakes, longestPollMs * MS, "app.Main.main(Main.java:7)",
                "", "", "");
    }

    private static List<String> warnings(Sample.Task... tasks) {
        return Warnings.of(new Sample("rt-", true, tasks.length, List.of(), List.of(tasks), 0, List.of(), 0, 0), DEFAULTS);
    }

    @Test
    void eachKindNamesItsTaskWithItsLocation() {
        assertThat(warnings(task("a1", "scheduled", 1_500, 0, 0, 0))).containsExactly(
                "task a1 (app.Main.main(Main.java:7)) was woken and never polled, for 1.50s");
        assertThat(warnings(task("a2", "scheduled", 1_500, 3, 0, 0))).containsExactly(
                "task a2 (app.Main.main(Main.java:7)) has been scheduled without a poll for 1.50s");
        assertThat(warnings(task("a3", "running", 0, 10, 9, 0))).containsExactly(
                "task a3 (app.Main.main(Main.java:7)) wakes itself on every poll (9 self-wakes in 10 polls)");
        assertThat(warnings(task("a4", "idle", 1, 2, 0, 11))).containsExactly(
                "task a4 (app.Main.main(Main.java:7)) had a poll of 11.00ms (over 10.00ms: it blocked its worker)");
        assertThat(warnings(task("a5", "idle", 6_000, 2, 0, 0))).containsExactly(
                "task a5 (app.Main.main(Main.java:7)) has been idle for 6.00s");
    }

    @Test
    void anIdleTaskSaysWhereItWaits() {
        Sample.Task t = new Sample.Task("d1", "idle", 6_000 * MS, 1, 1, 1, 2, 1, 0, 0, "app.Main.main(Main.java:7)",
                "at app.Main.lambda$serve$0(Main.java:12)\nleaf dev.weft.sync.Recv: Recv", "", "");
        assertThat(warnings(t)).containsExactly("task d1 (app.Main.main(Main.java:7)) has been idle for 6.00s,"
                + " waiting at leaf dev.weft.sync.Recv: Recv");
    }

    @Test
    void tasksBelowEachThresholdDrawNothing() {
        assertThat(warnings(task("b1", "scheduled", 900, 0, 0, 0), task("b2", "running", 0, 9, 9, 0),
                task("b3", "idle", 4_000, 20, 18, 10), task("b4", "scheduled", 0, 1, 0, 0))).isEmpty();
    }

    @Test
    void moreThanThreeTasksOfOneKindAreOneLineNamingTheWorst() {
        List<Sample.Task> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) ts.add(task("c" + i, "idle", 1, 2, 0, 20 + i));
        assertThat(warnings(ts.toArray(Sample.Task[]::new))).containsExactly(
                "4 tasks had a poll over 10.00ms (each blocked its worker); the worst: task c3 (app.Main.main(Main.java:7))"
                        + " had a poll of 23.00ms (over 10.00ms: it blocked its worker)");
    }

    @Test
    void withoutTaskStatisticsTheOneWarningSaysHowToTurnThemOn() {
        assertThat(Warnings.of(new Sample("rt-", false, 1, List.of(), List.of(), 0, List.of(), 0, 0), DEFAULTS))
                .containsExactly("task statistics are off in rt-: start its JVM with -Dweft.taskStats=true"
                        + " (or build it with WeftRuntime.builder().taskStats(true))");
    }

    @Test
    void blockedWorkersAndAllStackfulBodiesAreWarnedOfWithoutTaskStatistics() {
        List<String> blocked = List.of("worker rt-0 blocked for 150 ms (so far) in a poll, at app.Main.handle(Main.java:42): ...",
                "b", "c", "d", "e");
        assertThat(Warnings.of(new Sample("rt-", false, 1, List.of(), List.of(), 0, blocked, 0, 7), DEFAULTS)).containsExactly(
                blocked.get(0), "b", "c",
                "2 more call sites blocked a worker of rt- (the runtime's log has each, with its stack)",
                "7 Weft.async bodies of rt- run stackful and none woven: their classes were not woven"
                        + " (is the weft-weaver plugin in the build?)",
                "task statistics are off in rt-: start its JVM with -Dweft.taskStats=true"
                        + " (or build it with WeftRuntime.builder().taskStats(true))");
        assertThat(Warnings.of(new Sample("rt-", true, 0, List.of(), List.of(), 0, List.of(), 3, 7), DEFAULTS)).isEmpty();
    }

    @Test
    void aFrameTallerThanTheScreenIsCutWithALineSayingHowManyAreLeftOut() {
        assertThat(Frame.fit("1\n2\n3\n4\n5\n", 4)).isEqualTo("1\n2\n... 3 more lines (a taller terminal, --rows N or --html FILE shows them)\n");
        assertThat(Frame.fit("1\n2\n", 4)).isEqualTo("1\n2\n");
    }
}
