package dev.weft.examples.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 200-URL fan-out: at most 20 requests in flight, the first 5xx stops everything. With a task
 * scope ({@link ScopedFanOut}) and with tasks kept by hand ({@link HandKeptFanOut}), against a
 * server on 127.0.0.1 that answers slowly and fails one item fast: the fetch fails with the 5xx,
 * and every request still in flight when the 5xx came is abandoned (its connection closed by the
 * client before its answer), none answered after it. The scoped program is at most half the code.
 */
@Timeout(60)
class FanOutTest {
    static final int URLS = 200;
    static final int LIMIT = 20;
    static final int FAILING = 10;

    @Test
    void theFirst5xxCancelsEveryRequestStillInFlightWithAScope() throws Exception {
        firstFailureCancelsEveryRequestInFlight((server, paths) -> ScopedFanOut.fetchAll(server, paths, LIMIT));
    }

    @Test
    void theHandKeptVersionDoesTheSame() throws Exception {
        firstFailureCancelsEveryRequestInFlight((server, paths) -> HandKeptFanOut.fetchAll(server, paths, LIMIT));
    }

    @Test
    void theScopedProgramIsAtMostHalfTheCodeOfTheHandKeptOne() throws IOException {
        int scoped = codeLines("ScopedFanOut.java");
        int handKept = codeLines("HandKeptFanOut.java");
        System.out.println("fan-out code lines: scoped " + scoped + ", hand-kept " + handKept);
        assertThat(scoped * 2).as("scoped %d lines, hand-kept %d", scoped, handKept).isLessThanOrEqualTo(handKept);
    }

    private static void firstFailureCancelsEveryRequestInFlight(
            BiFunction<InetSocketAddress, List<String>, Future<List<String>>> fetchAll) throws Exception {
        SlowServer server = new SlowServer(FAILING, Duration.ofSeconds(20), Duration.ofMillis(50));
        List<String> paths = IntStream.range(0, URLS).mapToObj(i -> "/item/" + i).toList();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build();
                TcpListener listener = rt.blockOn(Weft.async(() -> TcpListener.bind("127.0.0.1", 0)))) {
            Task<Void> serving = rt.spawn(server.serve(listener));
            InetSocketAddress address = SlowServer.addressOf(listener);
            assertThatThrownBy(() -> rt.blockOn(fetchAll.apply(address, paths)))
                    .isInstanceOf(Get.ServerError.class).hasMessageContaining("503");
            awaitAllStartedEnded(server.log);
            rt.blockOn(serving.cancelAndJoin());
        }
        List<String> log = server.log;
        int failedAt = log.indexOf("failed " + FAILING);
        assertThat(failedAt).as("the 503 was answered: %s", log).isNotNegative();
        List<Integer> started = items(log, "start ");
        assertThat(started.size()).as("it stopped well before %d requests", URLS).isLessThan(URLS);
        for (int item : started) {
            if (item == FAILING) continue;
            assertThat(log).as("request %d", item).contains("abandoned " + item).doesNotContain("answered " + item);
        }
    }

    /** Waits until every request the server started has ended (answered, failed or abandoned). */
    private static void awaitAllStartedEnded(List<String> log) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            List<Integer> started = items(log, "start ");
            int ended = items(log, "answered ").size() + items(log, "failed ").size() + items(log, "abandoned ").size();
            if (ended >= started.size()) return;
            Thread.onSpinWait();
        }
        throw new AssertionError("requests still open on the server after 10 s: " + log);
    }

    private static List<Integer> items(List<String> log, String prefix) {
        List<Integer> out = new ArrayList<>();
        for (String e : log) if (e.startsWith(prefix)) out.add(Integer.parseInt(e.substring(prefix.length())));
        return out;
    }

    /** @return the lines of the {@code fetchAll} method of a fan-out example, blank lines left out */
    private static int codeLines(String file) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/main/java/dev/weft/examples/fetch", file));
        int start = -1;
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(" fetchAll(")) start = i;
        int depth = 0;
        int count = 0;
        for (int i = start; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (!l.isEmpty()) count++;
            depth += l.chars().filter(c -> c == '{').count() - l.chars().filter(c -> c == '}').count();
            if (depth == 0 && i > start) break;
        }
        return count;
    }
}
