package dev.weft.examples.http;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.scope.TaskScope;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP server's graceful shutdown as curl sees it: requests in flight in a slow handler when
 * the shutdown begins are answered whole within the grace (with {@code Connection: close}), an
 * idle kept-alive connection is closed at once, connects are refused, a request still running
 * when the grace is over is cut (curl sees the connection closed, not a hang), and the shutdown
 * ends only once every connection task, every handler and every task a handler spawned into its
 * connection's scope has ended.
 */
@Timeout(90)
class HttpShutdownTest {
    private static final byte[] BODY = new byte[256 * 1024];
    /** How long a curl may take before the test calls it hung. */
    private static final Duration CURL_LIMIT = Duration.ofSeconds(30);
    /** What the checks allow for scheduling on a busy 2-core machine. */
    private static final Duration SLACK = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    private final AtomicInteger handling = new AtomicInteger();
    private final AtomicInteger handlersEnded = new AtomicInteger();
    private final AtomicInteger childrenEnded = new AtomicInteger();

    @BeforeAll
    static void requireCurl() throws Exception {
        Proc.require("curl");
        new Random(7).nextBytes(BODY);
    }

    /**
     * {@code GET /slow/<ms>}: waits that long, then answers {@link #BODY}. It also spawns a child
     * into its connection's scope that would run for a minute: the connection's end cancels it.
     */
    private HttpServer start() throws Exception {
        Handler slow = request -> Weft.async(() -> {
            handling.incrementAndGet();
            TaskScope.current().spawn(Weft.async(() -> {
                try {
                    await(Time.sleep(Duration.ofMinutes(1)));
                } finally {
                    childrenEnded.incrementAndGet();
                }
                return null;
            }));
            try {
                long ms = Long.parseLong(request.path().substring("/slow/".length()));
                await(Time.sleep(Duration.ofMillis(ms)));
                return Response.of(200, "application/octet-stream", BODY);
            } finally {
                handlersEnded.incrementAndGet();
            }
        });
        Router router = Routes.techEmpower().prefix("GET", "/slow/", slow).build();
        return HttpServer.start(new InetSocketAddress("127.0.0.1", 0), router);
    }

    @Test
    void requestsInFlightWithinTheGraceAreAnsweredWholeAndTheShutdownWaitsForThem() throws Exception {
        int inFlight = 6;
        Duration grace = Duration.ofSeconds(10);
        try (HttpServer server = start(); Socket idle = new Socket("127.0.0.1", server.port())) {
            idle.setSoTimeout((int) CURL_LIMIT.toMillis());
            keptAliveAfterOneRequest(idle);
            List<Curl> curls = new ArrayList<>();
            for (int i = 0; i < inFlight; i++) curls.add(Curl.get(dir, "c" + i, server.port(), "/slow/1500"));
            awaitCondition(() -> handling.get() == inFlight, "every request in the handler");

            int port = server.port();
            long begun = System.nanoTime();
            Task<Long> ended = server.shutdown(grace);
            assertThat(idle.getInputStream().read()).as("the idle kept-alive connection is closed at once").isEqualTo(-1);
            assertThat(Duration.ofNanos(System.nanoTime() - begun)).isLessThan(SLACK);
            assertConnectsAreRefusedSoon(port);
            Weft.blockOn(ended);
            long took = System.nanoTime() - begun;
            int alive = server.connections();
            int handlers = handlersEnded.get();
            int children = childrenEnded.get();

            for (Curl c : curls) {
                c.assertAnsweredWhole();
            }
            assertThat(alive).as("connection tasks alive when the shutdown ended").isZero();
            assertThat(handlers).as("handlers ended when the shutdown ended").isEqualTo(inFlight);
            assertThat(children).as("children of the connections ended when the shutdown ended").isEqualTo(inFlight);
            assertThat(Duration.ofNanos(took)).as("answered connections close: the grace is not waited out").isLessThan(grace);
        }
    }

    @Test
    void aRequestStillRunningWhenTheGraceIsOverIsCutAndTheShutdownWaitsForIt() throws Exception {
        Duration grace = Duration.ofSeconds(1);
        try (HttpServer server = start()) {
            Curl quick = Curl.get(dir, "quick", server.port(), "/slow/300");
            Curl stuck = Curl.get(dir, "stuck", server.port(), "/slow/60000");
            awaitCondition(() -> handling.get() == 2, "both requests in the handler");

            long begun = System.nanoTime();
            Weft.blockOn(server.shutdown(grace));
            long took = System.nanoTime() - begun;
            int alive = server.connections();
            int handlers = handlersEnded.get();
            int children = childrenEnded.get();

            quick.assertAnsweredWhole();
            int exit = stuck.exit();
            assertThat(exit).as("curl of the cut request: 52, an empty reply (%s)", stuck.err()).isEqualTo(52);
            assertThat(Duration.ofNanos(stuck.ended() - begun)).as("the cut request's curl ended, not hung")
                    .isBetween(grace, grace.plus(SLACK));
            assertThat(Duration.ofNanos(took)).as("the shutdown waited out the grace, then the cut")
                    .isBetween(grace, grace.plus(SLACK));
            assertThat(alive).as("connection tasks alive when the shutdown ended").isZero();
            assertThat(handlers).as("handlers ended (the stuck one cancelled) when the shutdown ended").isEqualTo(2);
            assertThat(children).as("children of the connections ended when the shutdown ended").isEqualTo(2);
        }
    }

    /** One request and its answer on {@code s}, which stays open and idle. */
    private static void keptAliveAfterOneRequest(Socket s) throws Exception {
        s.getOutputStream().write("GET /plaintext HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        InputStream in = s.getInputStream();
        String expected = "Hello, World!";
        StringBuilder got = new StringBuilder();
        while (!got.toString().endsWith(expected)) {
            int b = in.read();
            assertThat(b).as("the answer to the kept-alive request").isNotNegative();
            got.append((char) b);
        }
        assertThat(got.toString()).startsWith("HTTP/1.1 200 OK").doesNotContain("Connection: close");
    }

    /** Within the slack, curl cannot connect (exit 7): the listener is closed. */
    private static void assertConnectsAreRefusedSoon(int port) throws Exception {
        long end = System.nanoTime() + SLACK.toNanos();
        while (true) {
            Proc.Result r = Proc.run(CURL_LIMIT, "curl", "-sS", "--max-time", "10", "http://127.0.0.1:" + port + "/plaintext");
            if (r.exit() == 7) return;
            assertThat(System.nanoTime()).as("curl refused within %s (last: exit %d, %s)", SLACK, r.exit(), r.err()).isLessThan(end);
            Thread.sleep(10);
        }
    }

    private static void awaitCondition(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(end);
            Thread.sleep(5);
        }
    }

    /** A curl running in the background: the body to a file, the head to another; when it ended. */
    private record Curl(Process process, Path body, Path head, Path errFile, AtomicLong endedAt) {
        static Curl get(Path dir, String name, int port, String path) throws Exception {
            Path body = dir.resolve(name + ".body");
            Path head = dir.resolve(name + ".head");
            Path err = dir.resolve(name + ".err");
            Process p = new ProcessBuilder("curl", "-sS", "--http1.1", "--max-time", "25", "-D", head.toString(),
                    "-o", body.toString(), "http://127.0.0.1:" + port + path)
                    .redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            AtomicLong endedAt = new AtomicLong();
            p.onExit().thenRun(() -> endedAt.set(System.nanoTime()));
            return new Curl(p, body, head, err, endedAt);
        }

        int exit() throws Exception {
            if (!process.waitFor(CURL_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("curl did not end within " + CURL_LIMIT + ": it hangs");
            }
            return process.exitValue();
        }

        /** @return when curl ended ({@link System#nanoTime()}), once {@link #exit()} returned */
        long ended() throws Exception {
            exit();
            long deadline = System.nanoTime() + SLACK.toNanos();
            while (endedAt.get() == 0) { // the exit watcher runs on a thread of its own
                assertThat(System.nanoTime()).isLessThan(deadline);
                Thread.onSpinWait();
            }
            return endedAt.get();
        }

        String err() throws Exception {
            return Files.readString(errFile);
        }

        void assertAnsweredWhole() throws Exception {
            assertThat(exit()).as("curl's exit (%s)", err()).isZero();
            String h = Files.readString(head, StandardCharsets.US_ASCII);
            assertThat(h).startsWith("HTTP/1.1 200 OK").contains("Connection: close\r\n")
                    .contains("Content-Length: " + BODY.length + "\r\n");
            assertThat(Files.readAllBytes(body)).as("the whole body").isEqualTo(BODY);
        }
    }
}
