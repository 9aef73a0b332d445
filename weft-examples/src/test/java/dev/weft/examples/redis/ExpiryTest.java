package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.redis.resp.RespNull;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Keys with a time to live go away: on Weft's timers without being read, and never shown once expired. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ExpiryTest {

    @Test
    void aKeyWithATimeToLiveIsRemovedByItsTimerWithoutBeingRead() throws Exception {
        try (RedisServer server = ServerFixture.start(); RespClient c = new RespClient(server.port())) {
            assertThat(c.call("SET", "a", "1", "PX", "100")).isEqualTo("OK");
            assertThat(c.call("SET", "b", "2")).isEqualTo("OK");
            assertThat(c.call("PEXPIRE", "b", "150")).isEqualTo(1L);
            assertThat(server.database().keyspace().size()).isEqualTo(2);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.database().keyspace().size() > 0) { // nobody reads: only the timers can remove them
                assertThat(System.nanoTime()).as("the timers removed the keys").isLessThan(deadline);
                Thread.sleep(20);
            }
            assertThat(c.call("EXISTS", "a", "b")).isEqualTo(0L);
        }
    }

    @Test
    void anExpiredKeyIsNeverReadEvenBeforeItsTimerRuns() throws Exception {
        try (RedisServer server = ServerFixture.start(); RespClient c = new RespClient(server.port())) {
            long deadline = System.currentTimeMillis() + 10_000;
            assertThat(c.call("SET", "k", "v", "PXAT", String.valueOf(System.currentTimeMillis() + 50))).isEqualTo("OK");
            Object v;
            do { // from the first read past its deadline on, GET answers nil
                v = c.call("GET", "k");
                assertThat(System.currentTimeMillis()).isLessThan(deadline);
            } while (v != RespNull.NULL);
            assertThat(c.call("PTTL", "k")).isEqualTo(-2L);
        }
    }

    @Test
    void setWithoutAnExpiryClearsTheOldOneAndTtlCountsDown() throws Exception {
        try (RedisServer server = ServerFixture.start(); RespClient c = new RespClient(server.port())) {
            c.call("SET", "k", "v", "EX", "100");
            assertThat((Long) c.call("PTTL", "k")).isBetween(99_000L, 100_000L);
            c.call("SET", "k", "v2");
            assertThat(c.call("TTL", "k")).isEqualTo(-1L);
            c.call("SET", "k", "v3", "EX", "100");
            c.call("SET", "k", "v4", "KEEPTTL");
            assertThat(c.call("TTL", "k")).isEqualTo(100L);
        }
    }
}
