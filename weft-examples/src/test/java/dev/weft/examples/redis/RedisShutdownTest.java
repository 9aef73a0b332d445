package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.task.Task;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis server's graceful shutdown with {@code redis-benchmark} running: the server stops
 * accepting, every connection answers what it has read and ends between two replies (a relay
 * frames every byte the server sent to the benchmark: no reply is cut), no client hangs (an idle
 * subscriber is closed at once, the benchmark ends), a request half received when the shutdown
 * begins is finished and answered, one never finished is cut at the end of the grace, and the
 * shutdown ends within the grace and a bound, once every connection task has ended.
 */
@Timeout(120)
class RedisShutdownTest {
    private static final Duration GRACE = Duration.ofSeconds(5);
    /** What the checks allow for scheduling on a busy 2-core machine. */
    private static final Duration SLACK = Duration.ofSeconds(3);
    /** The value the benchmark GETs: big, so that a reply takes many writes and a cut would show. */
    private static final int BIG = 1024 * 1024;
    private static final String HALF_SET = "*3\r\n$3\r\nSET\r\n$4\r\nhalf\r\n";
    private static final int READ_TIMEOUT_MILLIS = 20_000;

    @TempDir
    Path dir;

    @Test
    void aShutdownUnderRedisBenchmarkCutsNoReplyHangsNoClientAndEndsWithinTheGrace() throws Exception {
        String bench = RedisTools.require("redis-benchmark");
        String cli = RedisTools.require("redis-cli");
        try (RedisServer server = ServerFixture.start(RedisConfig.onPort(0).withRequestTimeout(Duration.ofSeconds(30)));
                ReplyTap tap = ReplyTap.start(server.port());
                Socket finishing = connect(server.port());
                Socket unfinished = connect(server.port())) {
            String port = String.valueOf(server.port());
            RedisTools.Run set = RedisTools.run(List.of(cli, "-p", port, "-x", "SET", "big"), "v".repeat(BIG - 1), 20);
            assertThat(set.stdout().trim()).isEqualTo("OK");

            Background benchmark = Background.start(dir, "benchmark", bench, "-h", "127.0.0.1", "-p", String.valueOf(tap.port()),
                    "-c", "20", "-n", "100000", "-P", "16", "-q", "GET", "big");
            Background subscriber = Background.start(dir, "subscriber", cli, "-p", port, "SUBSCRIBE", "news");
            finishing.getOutputStream().write(ascii(HALF_SET));
            unfinished.getOutputStream().write(ascii(HALF_SET));
            awaitCondition(() -> tap.streams().size() >= 20 && tap.replies() >= 200, "redis-benchmark under way");
            awaitCondition(() -> server.connections() >= 23, "the subscriber and both half requests connected");

            long begun = System.nanoTime();
            Task<Long> ended = server.shutdown(GRACE);
            assertConnectsAreRefusedSoon(cli, port);
            finishing.getOutputStream().write(ascii("$1\r\nv\r\n"));
            assertThat(readToEnd(finishing)).as("the half-received SET, finished in the grace: answered, then the end")
                    .isEqualTo("+OK\r\n");
            Weft.blockOn(ended);
            long took = System.nanoTime() - begun;
            int alive = server.connections();

            Background.Ended b = benchmark.awaitEnd(Duration.ofSeconds(20));
            Background.Ended s = subscriber.awaitEnd(Duration.ofSeconds(5));
            assertThat(readToEnd(unfinished)).as("the half request never finished: cut at the grace's end").isEmpty();
            assertThat(alive).as("connection tasks alive when the shutdown ended").isZero();
            assertThat(Duration.ofNanos(took)).as("the unfinished request holds the shutdown for the grace, no longer")
                    .isBetween(GRACE, GRACE.plus(SLACK));
            assertThat(Duration.ofNanos(s.at() - begun)).as("the idle subscriber was closed at once").isLessThan(SLACK);
            assertThat(b.output()).as("redis-benchmark saw the server close, and no bad reply")
                    .contains("Server closed the connection").doesNotContain("Protocol error").doesNotContain("ERR");
            List<ReplyTap.Stream> streams = tap.streams();
            assertThat(streams).hasSizeGreaterThanOrEqualTo(20);
            for (ReplyTap.Stream st : streams) {
                assertThat(st.serverEnded()).as("the server ended every relayed connection").isTrue();
                assertThat(st.frames().whole()).as("what the server sent ends between two replies: %s", st.frames()).isTrue();
            }
        }
    }

    /** Within the slack, redis-cli cannot connect: the listener is closed. */
    private static void assertConnectsAreRefusedSoon(String cli, String port) throws Exception {
        long end = System.nanoTime() + SLACK.toNanos();
        while (true) {
            RedisTools.Run r = RedisTools.run(List.of(cli, "-p", port, "PING"), null, 10);
            if ((r.stdout() + r.stderr()).contains("Connection refused")) return;
            assertThat(System.nanoTime()).as("a refused connect within %s (last: %s)", SLACK, r.stdout()).isLessThan(end);
            Thread.sleep(10);
        }
    }

    /** @return what the server sends until it ends the connection (a reset ends it too) */
    private static String readToEnd(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder got = new StringBuilder();
        try {
            for (int b; (b = in.read()) >= 0; ) got.append((char) b);
        } catch (SocketException reset) {
            // the server closed with bytes of ours unread: the end, too
        }
        return got.toString();
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        return s;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static void awaitCondition(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(end);
            Thread.sleep(5);
        }
    }

    /** A tool running in the background, its output (both streams) to a file, and when it ended. */
    private record Background(Process process, Path output, AtomicLong endedAt) {
        /** How it ended: its exit, when ({@link System#nanoTime()}), and what it printed. */
        record Ended(int exit, long at, String output) {}

        static Background start(Path dir, String name, String... command) throws IOException {
            Path out = dir.resolve(name + ".out");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            p.getOutputStream().close();
            AtomicLong endedAt = new AtomicLong();
            p.onExit().thenRun(() -> endedAt.set(System.nanoTime()));
            return new Background(p, out, endedAt);
        }

        Ended awaitEnd(Duration limit) throws Exception {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(process.info().commandLine().orElse("a tool") + " did not end within " + limit
                        + ": it hangs; it printed " + Files.readString(output));
            }
            awaitCondition(() -> endedAt.get() != 0, "the exit watcher ran");
            return new Ended(process.exitValue(), endedAt.get(), Files.readString(output, StandardCharsets.UTF_8));
        }
    }
}
