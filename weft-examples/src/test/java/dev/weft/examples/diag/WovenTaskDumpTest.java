package dev.weft.examples.diag;

import dev.weft.task.TaskState;
import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.exec.TaskDump;
import dev.weft.future.Future;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The task dump of a woven task stuck on a channel receive inside two levels of {@code Weft.async}
 * names both awaits by source line (this class is woven by the plugin's {@code weave-tests}).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WovenTaskDumpTest {

    static Future<String> inner(Channel<String> ch) {
        return Weft.async(() -> "inner " + await(ch.receiver().recv())); // AWAIT-INNER
    }

    static Future<String> outer(Channel<String> ch) {
        return Weft.async(() -> "outer " + await(inner(ch))); // AWAIT-OUTER
    }

    /** @return the line of this test's source that carries {@code marker} */
    private static int lineOf(String marker) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/test/java/dev/weft/examples/diag/WovenTaskDumpTest.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) return i + 1;
        }
        throw new AssertionError("no line marked " + marker);
    }

    @Test
    void theDumpNamesTheAwaitOfEachWovenFrameByItsSourceLine() throws Exception {
        Channel<String> ch = Channel.bounded(1);
        assertThat(outer(ch)).as("woven by the plugin").isInstanceOf(WovenFuture.class);
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("woven-dump-").build()) {
            Task<String> t = rt.spawn(outer(ch));
            List<TaskDump> dump = rt.dumpTasks();
            for (int i = 0; i < 5_000 && dump.stream().noneMatch(d -> d.state() == TaskState.IDLE); i++) {
                Thread.sleep(1);
                dump = rt.dumpTasks();
            }
            TaskDump d = dump.stream().filter(x -> x.state() == TaskState.IDLE).findFirst().orElseThrow();
            assertThat(d.waitsOn()).hasSize(3);
            assertThat(d.waitsOn().get(0)).contains("(WovenTaskDumpTest.java:" + lineOf("AWAIT-OUTER") + ")");
            assertThat(d.waitsOn().get(1)).contains("(WovenTaskDumpTest.java:" + lineOf("AWAIT-INNER") + ")");
            assertThat(d.waitsOn().get(2)).startsWith("leaf ").contains("Recv");
            rt.blockOn(ch.sender().send("x"));
            assertThat(rt.blockOn(t)).isEqualTo("outer inner x");
        }
    }
}
