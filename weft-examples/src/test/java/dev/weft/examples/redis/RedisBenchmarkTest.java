package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code redis-benchmark -q -n 100000 -t ping,set,get,incr,lpush,lpop,mset}, without and with
 * {@code -P 16}, against Weft's server: every test completes all its requests (redis-benchmark
 * prints a test's requests-per-second line only once all of them were answered) and no reply is
 * an error.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RedisBenchmarkTest {
    private static final List<String> TESTS =
            List.of("PING_INLINE", "PING_MBULK", "SET", "GET", "INCR", "LPUSH", "LPOP", "MSET (10 keys)");
    private static final Pattern LINE = Pattern.compile("([A-Z_]+(?: \\(10 keys\\))?): ([0-9.]+) requests per second");

    static Map<String, Double> parse(String stdout) {
        Map<String, Double> rps = new LinkedHashMap<>();
        for (String part : stdout.split("[\r\n]")) {
            Matcher m = LINE.matcher(part.trim());
            if (m.find()) rps.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        return rps;
    }

    private static void runBenchmark(boolean pipelined) throws Exception {
        String bench = RedisTools.require("redis-benchmark");
        try (RedisServer server = ServerFixture.start()) {
            List<String> cmd = new ArrayList<>(List.of(bench, "-h", "127.0.0.1", "-p", String.valueOf(server.port()),
                    "-q", "-n", "100000", "-t", "ping,set,get,incr,lpush,lpop,mset"));
            if (pipelined) cmd.addAll(List.of("-P", "16"));
            RedisTools.Run run = RedisTools.run(cmd, null, 240);
            assertThat(run.exit()).as(run.stderr()).isZero();
            assertThat(run.stdout() + run.stderr()).doesNotContainIgnoringCase("error");
            Map<String, Double> rps = parse(run.stdout());
            assertThat(rps.keySet()).as(run.stdout()).containsExactlyElementsOf(TESTS);
            assertThat(rps.values()).allSatisfy(v -> assertThat(v).isPositive());
            assertThat(server.database().keyspace().size()).as("SET, INCR, LPUSH and MSET stored keys").isPositive();
        }
    }

    @Test
    void everyDefaultTestCompletesWithoutPipelining() throws Exception {
        runBenchmark(false);
    }

    @Test
    void everyDefaultTestCompletesWithSixteenPipelinedRequests() throws Exception {
        runBenchmark(true);
    }

    @Test
    void theParserReadsRedisBenchmarksQuietOutput() {
        String out = "PING_INLINE: rps=0.0 (overall: nan) avg_msec=nan (overall: nan)\r"
                + "PING_INLINE: 31877.59 requests per second, p50=0.983 msec\n"
                + "MSET (10 keys): 25000.00 requests per second, p50=1.5 msec\n";
        assertThat(parse(out)).containsExactly(Map.entry("PING_INLINE", 31877.59), Map.entry("MSET (10 keys)", 25000.0));
    }
}
