package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** wrk (100 connections, 5 s) on /plaintext, every response checked by a Lua script. */
class WrkTest {
    /** Counts per wrk thread; done() adds them up (each thread has its own Lua state). */
    private static final String CHECK = """
            local threads = {}
            function setup(thread) table.insert(threads, thread) end
            function init(args) good = 0; bad = 0 end
            function response(status, headers, body)
              if status == 200 and body == "Hello, World!" then good = good + 1 else bad = bad + 1 end
            end
            function done(summary, latency, requests)
              local g, b = 0, 0
              for _, t in ipairs(threads) do g = g + t:get("good"); b = b + t:get("bad") end
              io.write(string.format("WRK-CHECK good=%d bad=%d status_errors=%d\\n", g, b, summary.errors.status))
            end
            """;

    @Test
    @Timeout(60)
    void everyResponseUnderWrkLoadIsA200HelloWorld(@TempDir Path dir) throws Exception {
        Proc.require("wrk");
        Path script = Files.writeString(dir.resolve("check.lua"), CHECK);
        try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build())) {
            Proc.Result r = Proc.run(Duration.ofSeconds(40), "wrk", "-c", "100", "-d", "5", "-t", "2", "-s", script.toString(),
                    "http://127.0.0.1:" + server.port() + "/plaintext");
            assertThat(r.exit()).as(r.err()).isZero();
            Matcher m = Pattern.compile("WRK-CHECK good=(\\d+) bad=(\\d+) status_errors=(\\d+)").matcher(r.out());
            assertThat(m.find()).as("wrk printed its counts: %s", r.out()).isTrue();
            long good = Long.parseLong(m.group(1));
            assertThat(Long.parseLong(m.group(2))).as("bad responses").isZero();
            assertThat(Long.parseLong(m.group(3))).as("status errors").isZero();
            assertThat(good).as("good responses in 5 s").isGreaterThan(5_000);
        }
    }
}
