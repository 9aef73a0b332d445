package dev.weft.examples.redis;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.redis.command.Commands;
import dev.weft.examples.redis.command.Database;
import dev.weft.examples.redis.command.Dispatcher;
import dev.weft.examples.redis.command.Session;
import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.resp.WrittenReplies;
import dev.weft.sim.SimClock;
import dev.weft.sim.SimRuntime;
import dev.weft.test.WeftSim;
import dev.weft.test.WeftTest;
import dev.weft.time.Time;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * Keys with a time to live go away: on Weft's timers without being read, and never shown once
 * expired. On a simulation (virtual time, the database's clock is the simulation's wall clock), so
 * each check happens at an exact moment instead of in a loop that sleeps and looks (the former
 * ExpiryTest, over a socket to a real server, polled every 20 ms for up to 10 s).
 */
class ExpirySimTest {
    private Database db;
    private Dispatcher dispatcher;
    private Session session;
    private final RespWriter out = new RespWriter(1024);

    private void open(SimRuntime sim) {
        db = RedisServer.database(RedisConfig.onPort(0), () -> sim.clock().instant().toEpochMilli());
        dispatcher = new Dispatcher(Commands.table(db));
        session = new Session(db);
    }

    private String call(String... words) {
        byte[][] args = Arrays.stream(words).map(w -> w.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        dispatcher.execute(args, session, out);
        return WrittenReplies.drain(out);
    }

    /** Lets virtual time reach {@code ms} since the start; every task due before then has run. */
    private static void at(SimClock clock, long ms) {
        await(Time.sleep(Duration.ofMillis(ms).minus(clock.elapsed())));
    }

    @WeftTest
    void aKeyWithATimeToLiveIsRemovedByItsTimerWithoutBeingRead(SimRuntime sim, SimClock clock) {
        open(sim);
        assertThat(call("SET", "a", "1", "PX", "100")).isEqualTo("+OK\r\n");
        assertThat(call("SET", "b", "2")).isEqualTo("+OK\r\n");
        assertThat(call("PEXPIRE", "b", "150")).isEqualTo(":1\r\n");
        at(clock, 99);
        assertThat(db.keyspace().size()).isEqualTo(2);
        at(clock, 101); // nobody reads: only the timers can remove them
        assertThat(db.keyspace().size()).as("a's timer ran at 100 ms").isEqualTo(1);
        at(clock, 151);
        assertThat(db.keyspace().size()).as("b's timer ran at 150 ms").isZero();
        assertThat(call("EXISTS", "a", "b")).isEqualTo(":0\r\n");
    }

    /** In whatever order the reader and the expiry timer of the same millisecond run. */
    @WeftSim(seeds = 20)
    void anExpiredKeyIsNeverReadEvenBeforeItsTimerRuns(SimRuntime sim, SimClock clock) {
        open(sim);
        long deadline = clock.instant().toEpochMilli() + 50;
        assertThat(call("SET", "k", "v", "PXAT", String.valueOf(deadline))).isEqualTo("+OK\r\n");
        at(clock, 49);
        assertThat(call("GET", "k")).isEqualTo("$1\r\nv\r\n");
        at(clock, 50); // the expiry timer is due now too: it may or may not have run
        assertThat(call("GET", "k")).isEqualTo("$-1\r\n");
        assertThat(call("PTTL", "k")).isEqualTo(":-2\r\n");
    }

    @WeftTest
    void setWithoutAnExpiryClearsTheOldOneAndTtlCountsDown(SimRuntime sim, SimClock clock) {
        open(sim);
        call("SET", "k", "v", "EX", "100");
        assertThat(call("PTTL", "k")).isEqualTo(":100000\r\n");
        at(clock, 30_000);
        assertThat(call("PTTL", "k")).isEqualTo(":70000\r\n");
        call("SET", "k", "v2");
        assertThat(call("TTL", "k")).isEqualTo(":-1\r\n");
        call("SET", "k", "v3", "EX", "100");
        call("SET", "k", "v4", "KEEPTTL");
        assertThat(call("TTL", "k")).isEqualTo(":100\r\n");
    }
}
