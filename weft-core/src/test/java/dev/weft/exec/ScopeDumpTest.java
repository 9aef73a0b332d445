package dev.weft.exec;

import dev.weft.task.TaskState;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.testkit.ScopedTasks;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Task dumps show the scope tree: each task its scope path and context, the tree of a dump its
 * scopes (policy, state, time left) with their tasks under them, and the MBean both. The tasks are
 * {@link ScopedTasks}: {@code request} > {@code fan-out} (b, c) and {@code request} >
 * {@code cleanup} (e, cancelling).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ScopeDumpTest {
    private static final String REQUEST = "request \\(FailFast, open, 2 alive, \\d+ ms left\\)";
    private static final String FAN_OUT = "fan-out \\(Supervisor, open, 2 alive, \\d+ ms left\\)";
    private static final String CLEANUP = "cleanup \\(FailFast, cancelled, 1 alive, \\d+ ms left\\)";

    @Test
    void theTreeOfADumpShowsEachScopeUnderItsParentWithPolicyStateAndTimeLeftAndEachTaskUnderItsScope() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("tree-").build(); ScopedTasks tasks = new ScopedTasks(rt)) {
            List<TaskDump> dump = tasks.settledDump();
            List<String> ids = tasks.ids();
            String tree = TaskDump.tree(dump);

            assertThat(tree).as(tree).containsPattern("(?m)^scope " + REQUEST + "$");
            String request = block(tree, "scope request ");
            assertThat(request).as(tree).containsPattern("(?m)^  scope " + FAN_OUT + "$").containsPattern("(?m)^  scope " + CLEANUP + "$");
            String fanOut = block(tree, "  scope fan-out ");
            assertThat(fanOut).as(tree).containsPattern("(?m)^    task " + ids.get(0) + " idle\n      context requestId=r-17$")
                    .containsPattern("(?m)^    task " + ids.get(1) + " idle\n      context requestId=r-17$")
                    .doesNotContain(ids.get(2));
            assertThat(block(tree, "  scope cleanup ")).as(tree)
                    .containsPattern("(?m)^    task " + ids.get(2) + " cancelling\n      context requestId=r-17$");
            // the children a and d of request sit right under it, as stackful bodies
            assertThat(request.lines().filter(l -> l.matches("  task [0-9a-f]+ idle"))).as(tree).hasSizeGreaterThanOrEqualTo(2);
            // the root task is under no scope: at the top, before the first scope
            String top = tree.substring(0, tree.indexOf("scope request "));
            assertThat(top).as(tree).containsPattern("(?m)^task [0-9a-f]+ idle\n  context requestId=r-17\n  stackful coroutine");
            assertThat(tree).as("a task's lines in the tree leave its path out").doesNotContain("in scope");
        }
    }

    @Test
    void eachEntryNamesItsScopesInnermostFirstAsOneSnapshotPerScopeAndItsContextWithoutTheScope() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("path-").build(); ScopedTasks tasks = new ScopedTasks(rt)) {
            List<TaskDump> dump = tasks.settledDump();
            List<String> ids = tasks.ids();
            TaskDump b = entry(dump, ids.get(0));
            TaskDump c = entry(dump, ids.get(1));
            TaskDump e = entry(dump, ids.get(2));

            assertThat(b.scopes()).extracting(ScopeDump::name).containsExactly("fan-out", "request");
            assertThat(b.scopes()).extracting(ScopeDump::policy).containsExactly("Supervisor", "FailFast");
            assertThat(b.scopes()).extracting(ScopeDump::state).containsExactly("open", "open");
            assertThat(b.scopes()).allSatisfy(s -> assertThat(s.timeLeft()).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(5)));
            assertThat(c.scopes()).as("one snapshot per scope per dump").containsExactlyElementsOf(b.scopes());
            assertThat(c.scopes().get(0)).isSameAs(b.scopes().get(0));
            assertThat(e.scopes().get(1)).isSameAs(b.scopes().get(1));
            assertThat(e.scopes().get(0).id()).isNotEqualTo(b.scopes().get(0).id());
            assertThat(b.context()).isEqualTo("requestId=r-17");
            assertThat(b.toString()).matches("(?s)task " + ids.get(0) + " idle\n  in scope " + FAN_OUT + " under " + REQUEST
                    + "\n  context requestId=r-17\n  leaf .*");
            TaskDump root = entry(dump, tasks.rootId());
            assertThat(root.scopes()).isEmpty();
            assertThat(root.context()).isEqualTo("requestId=r-17");
            assertThat(root.waitsOn().getFirst()).as("the stack under the bindings").startsWith("stackful coroutine");
        }
    }

    @Test
    void theMBeanDumpsTheTreeAndItsTaskTableHasTheScopePathAndContextAsText() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("bean-tree-").build(); ScopedTasks tasks = new ScopedTasks(rt)) {
            rt.awaitManagementBean();
            ObjectName name = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(rt.name()));
            List<TaskDump> dump = tasks.settledDump();
            String b = tasks.ids().get(0);
            String text = (String) server.invoke(name, "dumpTasks", null, null);
            assertThat(text).containsPattern("(?m)^scope " + REQUEST + "$").containsPattern("(?m)^  scope " + FAN_OUT + "$")
                    .containsPattern("(?m)^    task " + b + " idle$");

            CompositeData[] rows = (CompositeData[]) server.invoke(name, "taskTable", null, null);
            CompositeData row = Arrays.stream(rows).filter(r -> r.get("id").equals(b)).findFirst().orElseThrow();
            assertThat(row.getCompositeType().getType("scopes")).isEqualTo(SimpleType.STRING);
            assertThat(row.getCompositeType().getType("context")).isEqualTo(SimpleType.STRING);
            List<ScopeDump> path = entry(dump, b).scopes();
            assertThat(((String) row.get("scopes")).split("\n")).hasSize(2)
                    .satisfies(l -> assertThat(l[0]).matches(path.get(0).id() + " " + FAN_OUT))
                    .satisfies(l -> assertThat(l[1]).matches(path.get(1).id() + " " + REQUEST));
            assertThat(row.get("context")).isEqualTo("requestId=r-17");
            assertThat(Arrays.stream(rows).filter(r -> ((String) r.get("scopes")).isEmpty())).as("the root, the deadline timer")
                    .isNotEmpty();
        }
    }

    @Test
    void theTreeOfEntriesMadeByHandKeepsTasksUnderNoScopeFirstAndScopesOfOneNameApart() {
        ScopeDump a = new ScopeDump("a1", "conn", "Reporting", "open", null, 1);
        ScopeDump b = new ScopeDump("b2", "conn", "Reporting", "open", Duration.ofMillis(1500), 1);
        List<TaskDump> dump = List.of(
                new TaskDump("t1", TaskState.IDLE, List.of("leaf x"), null, List.of(a), "user=ann"),
                new TaskDump("t2", TaskState.SCHEDULED, List.of()),
                new TaskDump("t3", TaskState.IDLE, List.of("leaf y"), null, List.of(b), ""));
        assertThat(TaskDump.tree(dump)).isEqualTo("""
                task t2 scheduled
                scope conn (Reporting, open, 1 alive)
                  task t1 idle
                    context user=ann
                    leaf x
                scope conn (Reporting, open, 1 alive, 1500 ms left)
                  task t3 idle
                    leaf y
                """);
        assertThat(new TaskDump("t4", TaskState.IDLE, List.of(), null)).satisfies(d -> {
            assertThat(d.scopes()).isEmpty();
            assertThat(d.context()).isEmpty();
        });
    }

    private static TaskDump entry(List<TaskDump> dump, String id) {
        return dump.stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
    }

    /** @return the line starting with {@code head} and the lines after it indented deeper */
    private static String block(String tree, String head) {
        int start = tree.startsWith(head) ? 0 : tree.indexOf("\n" + head) + 1;
        assertThat(start).as("no line %s in:%n%s", head, tree).isNotZero();
        int depth = head.length() - head.stripLeading().length();
        StringBuilder sb = new StringBuilder();
        for (String l : tree.substring(start).split("\n", -1)) {
            if (sb.length() > 0 && l.length() - l.stripLeading().length() <= depth) break;
            sb.append(l).append('\n');
        }
        return sb.toString();
    }
}
