package dev.weft.examples.diag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.examples.echo.EchoLoad;
import dev.weft.examples.echo.WovenEchoServer;
import dev.weft.examples.http.HttpServer;
import dev.weft.examples.http.Routes;
import dev.weft.examples.redis.RedisConfig;
import dev.weft.examples.redis.RedisServer;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The echo, Redis and HTTP examples under a short load block no worker: their runtimes (with the
 * default blocked-worker threshold, 100 ms, their watchers running) report no poll over it, and
 * every {@code Weft.async} body they made on their workers was woven. Read through each runtime's
 * MBean, as JConsole or {@code weft-console} would.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NoBlockedWorkerUnderLoadTest {
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    /** Asserts the runtime named {@code name} reported no blocked worker and ran woven bodies only. */
    private static void assertNothingBlocked(String name) throws Exception {
        assertThat(Thread.getAllStackTraces().keySet()).as("the watcher of " + name + " runs")
                .anyMatch(t -> t.getName().equals(name + "watch"));
        ObjectName on = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(name));
        String[] reports = (String[]) SERVER.getAttribute(on, "BlockedWorkerReports");
        assertThat(reports).as("blocked-worker reports of " + name + ": " + Arrays.toString(reports)).isEmpty();
        assertThat((Long) SERVER.getAttribute(on, "BlockedPolls")).isZero();
        assertThat((Long) SERVER.getAttribute(on, "StackfulBodies")).as("stackful bodies of " + name).isZero();
        assertThat((Long) SERVER.getAttribute(on, "WovenBodies")).as("woven bodies of " + name).isPositive();
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, tool).canExecute()) return true;
        }
        return false;
    }

    private static void run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command)).isZero();
    }

    @Test
    void theWovenEchoServerUnderLoadBlocksNoWorker() throws Exception {
        try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            EchoLoad.Result r = EchoLoad.run(server.port(), 20, Duration.ofSeconds(2));
            assertThat(r.roundTrips()).isPositive();
            assertNothingBlocked("woven-echo-worker-");
        }
    }

    @Test
    void theRedisServerUnderRedisBenchmarkBlocksNoWorker() throws Exception {
        assumeTrue(onPath("redis-benchmark"), "redis-benchmark is not installed");
        try (RedisServer server = RedisServer.start(RedisConfig.onPort(0).withWorkers(2))) {
            run(List.of("redis-benchmark", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-q", "-n", "20000",
                    "-c", "20", "-P", "16", "-t", "ping,set,get,incr,lpush,lpop"));
            assertNothingBlocked("redis-worker-");
        }
    }

    @Test
    void theHttpServerUnderWrkBlocksNoWorker() throws Exception {
        assumeTrue(onPath("wrk"), "wrk is not installed");
        try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build())) {
            run(List.of("wrk", "-c", "50", "-d", "3", "-t", "2", "http://127.0.0.1:" + server.port() + "/plaintext"));
            assertNothingBlocked("http-worker-");
        }
    }
}
