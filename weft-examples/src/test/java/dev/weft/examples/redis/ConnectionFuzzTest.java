package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.redis.command.Commands;
import dev.weft.examples.redis.command.Database;
import dev.weft.examples.redis.command.Dispatcher;
import dev.weft.examples.redis.command.Session;
import dev.weft.examples.redis.pubsub.PubSub;
import dev.weft.examples.redis.resp.RespInputs;
import dev.weft.examples.redis.resp.RespLimits;
import dev.weft.examples.redis.store.ExpiryScheduler;
import dev.weft.examples.redis.store.Keyspace;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.RandomGenerator;

/**
 * A whole connection (decoder, dispatcher, every command, the store, pub/sub) on
 * {@link RespInputs#count()} generated and mutated inputs, fed in chunks as reads deliver them:
 * nothing but a reply or a close comes out (no exception escapes), every input is done within a
 * second (no hang), and the input buffer stays within the limits (memory bounded). The same check
 * run on a connection whose decoder has no limits reports the buffer growing past them.
 */
class ConnectionFuzzTest {
    static final RespLimits LIMITS = new RespLimits(1024, 4096, 64, 4, 16 * 1024);
    /** The most the input buffer may hold: a request at the limit, plus the buffer's initial size and one read. */
    static final int BOUND = LIMITS.maxRequestBytes() + 2 * 16 * 1024;

    /** Runs {@code count} inputs through fresh connections; answers what went wrong, one line each (empty: nothing). */
    static List<String> check(RespLimits decoderLimits, int count, long seed) {
        RandomGenerator<byte[]> gen = RespInputs.inputs().generator(1000);
        Random r = new Random(seed);
        List<String> violations = new ArrayList<>();
        Database db = freshDatabase();
        for (int i = 0; i < count && violations.size() < 5; i++) {
            if (i % 1000 == 0) db = freshDatabase();
            byte[] input = gen.next(r).value();
            long t0 = System.nanoTime();
            try (ConnectionState c = new ConnectionState(new Dispatcher(Commands.table(db)), new Session(db), decoderLimits)) {
                int at = 0;
                feed:
                for (int cut : RespInputs.cuts(input, r)) {
                    while (at < cut) {
                        ByteBuffer space = c.readSpace();
                        int n = Math.min(space.remaining(), cut - at);
                        space.put(input, at, n);
                        at += n;
                        if (c.inputCapacity() > BOUND) {
                            violations.add("input " + i + ": the input buffer grew to " + c.inputCapacity() + " bytes, over " + BOUND);
                            break feed;
                        }
                        ConnectionState.Step step;
                        while ((step = c.process()) == ConnectionState.Step.FLUSH) c.out().reset();
                        c.out().reset();
                        if (step == ConnectionState.Step.CLOSE) break feed;
                    }
                }
            } catch (RuntimeException | Error e) {
                violations.add("input " + i + " threw " + e + ": " + HexFormat.of().formatHex(input, 0, Math.min(input.length, 200)));
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (ms > 1000) violations.add("input " + i + " took " + ms + " ms");
        }
        return violations;
    }

    private static Database freshDatabase() {
        return Database.of(new Keyspace(Keyspace.DEFAULT_SHARDS, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY), new PubSub(64));
    }

    @Example
    void fuzzedInputsNeverEscapeTheConnectionHangOrGrowItsBufferPastTheLimits() {
        assertThat(check(LIMITS, RespInputs.count(), RespInputs.seed())).isEmpty();
    }

    @Example
    void fuzzedInputsOverRealConnectionsLeaveTheServerServingOthers() throws Exception {
        RandomGenerator<byte[]> gen = RespInputs.inputs().generator(1000);
        Random r = new Random(RespInputs.seed() + 2);
        int count = Math.max(1, Math.min(RespInputs.count() / 100, 1000));
        try (RedisServer server = ServerFixture.start(RedisConfig.onPort(0).withLimits(LIMITS)
                .withRequestTimeout(java.time.Duration.ofSeconds(1)));
             RespClient bystander = new RespClient(server.port())) {
            for (int i = 0; i < count; i++) {
                try (java.net.Socket s = new java.net.Socket("127.0.0.1", server.port())) {
                    s.getOutputStream().write(gen.next(r).value());
                    s.shutdownOutput();
                    assertThat(ClosedCheck.closedWithin(s, 3000)).as("input %d: the server ends the connection", i).isTrue();
                } catch (java.io.IOException reset) {
                    // the server closed first (a protocol error), and the rest of the write was refused
                }
            }
            assertThat(bystander.call("PING")).isEqualTo("PONG");
        }
    }

    @Example
    void theCheckReportsTheBufferGrowingWhenTheDecoderHasNoLimits() {
        List<String> violations = check(RespLimits.NONE, Math.max(RespInputs.count(), 10_000), RespInputs.seed());
        assertThat(violations).isNotEmpty().allSatisfy(v -> assertThat(v).contains("the input buffer grew"));
    }
}
