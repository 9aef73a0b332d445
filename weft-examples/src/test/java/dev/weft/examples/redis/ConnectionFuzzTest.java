package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.fuzz.Bytes;
import dev.weft.examples.fuzz.Chunked;
import dev.weft.examples.fuzz.Failure;
import dev.weft.examples.fuzz.Fuzz;
import dev.weft.examples.fuzz.Property;
import dev.weft.examples.redis.command.Command;
import dev.weft.examples.redis.command.CommandTable;
import dev.weft.examples.redis.command.Commands;
import dev.weft.examples.redis.command.Database;
import dev.weft.examples.redis.command.Dispatcher;
import dev.weft.examples.redis.command.Handler;
import dev.weft.examples.redis.command.Session;
import dev.weft.examples.redis.pubsub.PubSub;
import dev.weft.examples.redis.resp.RespInputs;
import dev.weft.examples.redis.resp.RespLimits;
import dev.weft.examples.redis.store.ExpiryScheduler;
import dev.weft.examples.redis.store.Keyspace;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * A whole connection (decoder, dispatcher, every command, the store, pub/sub) on generated and
 * mutated inputs ({@link RespInputs}), fed in chunks as reads deliver them: nothing but a reply or
 * a close comes out (no exception escapes), every input is done within a second (no hang), and
 * the input buffer stays within the limits (memory bounded). Each try's inputs share one database,
 * as a server's clients do. The same check reports the buffer growing on a connection whose
 * decoder has no limits, and catches a command table with a broken MSET.
 */
class ConnectionFuzzTest {
    static final RespLimits LIMITS = new RespLimits(1024, 4096, 64, 4, 16 * 1024);
    /** The most the input buffer may hold: a request at the limit, plus the buffer's initial size and one read. */
    static final int BOUND = LIMITS.maxRequestBytes() + 2 * 16 * 1024;
    /** How many inputs a try over real sockets sends, one connection each: 40 tries make 1000. */
    private static final int SOCKET_BATCH = 25;

    private static RedisServer server;
    private static RespClient bystander;

    /**
     * @param decoderLimits the connection's decoder's limits
     * @param commands the command table over a database
     * @return the property, over a fresh database
     */
    static Supplier<Property> connection(RespLimits decoderLimits, Function<Database, CommandTable> commands) {
        return () -> {
            Database db = Database.of(new Keyspace(Keyspace.DEFAULT_SHARDS, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY),
                    new PubSub(64));
            Dispatcher dispatcher = new Dispatcher(commands.apply(db));
            return in -> {
                long t0 = System.nanoTime();
                String v = violation(new ConnectionState(dispatcher, new Session(db), decoderLimits), in);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                return v != null || ms <= 1000 ? v : "took " + ms + " ms";
            };
        };
    }

    /** Feeds {@code in} to {@code c} chunk by chunk, as reads would; answers what went wrong, or null. */
    private static String violation(ConnectionState c, Chunked in) {
        try (c) {
            int at = 0;
            for (int cut : in.chunkEnds()) {
                while (at < cut) {
                    ByteBuffer space = c.readSpace();
                    int n = Math.min(space.remaining(), cut - at);
                    space.put(in.bytes(), at, n);
                    at += n;
                    if (c.inputCapacity() > BOUND) return "the input buffer grew to " + c.inputCapacity() + " bytes, over " + BOUND;
                    ConnectionState.Step step;
                    while ((step = c.process()) == ConnectionState.Step.FLUSH) c.out().reset();
                    c.out().reset();
                    if (step == ConnectionState.Step.CLOSE) return null;
                }
            }
        }
        return null;
    }

    @TestFactory
    Stream<DynamicTest> fuzzedInputsNeverEscapeTheConnectionHangOrGrowItsBufferPastTheLimits() {
        return RespInputs.FUZZ.tries(RespInputs.BATCH, RespInputs::chunked, connection(LIMITS, Commands::table));
    }

    @TestFactory
    Stream<DynamicTest> fuzzedInputsOverRealConnectionsLeaveTheServerServingOthers() throws IOException {
        server = ServerFixture.start(RedisConfig.onPort(0).withLimits(LIMITS).withRequestTimeout(Duration.ofSeconds(1)));
        bystander = new RespClient(server.port());
        return RespInputs.FUZZ.tries(SOCKET_BATCH, RespInputs::chunked, () -> ConnectionFuzzTest::overASocket);
    }

    /** Sends {@code in} on a connection of its own, then has the bystander's connection answer a PING. */
    private static String overASocket(Chunked in) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write(in.bytes());
            s.shutdownOutput();
            if (!ClosedCheck.closedWithin(s, 3000)) return "the server did not end the connection within 3 s";
        } catch (IOException reset) {
            // the server closed first (a protocol error), and the rest of the write was refused
        }
        Object pong = bystander.call("PING");
        return "PONG".equals(pong) ? null : "the bystander's PING was answered " + pong;
    }

    @AfterAll
    static void stopTheServer() throws IOException {
        if (bystander != null) bystander.close();
        if (server != null) server.close();
    }

    @Test
    void theCheckReportsTheBufferGrowingWhenTheDecoderHasNoLimits() {
        long seed = RespInputs.FUZZ.seed();
        Property unbounded = connection(RespLimits.NONE, Commands::table).get();
        List<String> violations = new ArrayList<>();
        Fuzz.find(seed, 10_000, RespInputs::chunked, () -> in -> {
            String v = unbounded.check(in);
            if (v != null) violations.add(v);
            return violations.size() < 5 ? null : "five violations";
        });
        assertThat(violations).as("seed %d", seed).isNotEmpty().allSatisfy(v -> assertThat(v).contains("the input buffer grew"));
    }

    /**
     * The commands, with MSET as it would be with its pair loop ahead of its check of the argument
     * count: an odd number of arguments reads past the end of the request.
     */
    static CommandTable withBrokenMset(Database db) {
        CommandTable t = new CommandTable();
        for (Command c : Commands.table(db).commands()) {
            Handler checked = c.handler();
            t.add(!c.name().equals("mset") ? c : new Command(c.name(), c.arity(), c.subscribedOk(), (args, s, out) -> {
                for (int i = 1; i < args.length; i += 2) Objects.requireNonNull(args[i + 1]);
                checked.run(args, s, out);
            }));
        }
        return t;
    }

    @Test
    void theFuzzerCatchesABrokenMsetAndShrinksTheInputToOneShortRequest() {
        Failure.Shrunk s = Fuzz.findShrunk(RespInputs.FUZZ.seed(), 4 * RespInputs.BATCH, RespInputs::chunked,
                connection(LIMITS, ConnectionFuzzTest::withBrokenMset));
        assertThat(s.violation()).as(s.report()).contains("ArrayIndexOutOfBoundsException");
        // MSET and three arguments, inline or multibulk (whose bodies keep their declared lengths)
        assertThat(s.input().length()).as(s.report()).isLessThanOrEqualTo(100);
        assertThat(Bytes.show(s.input().bytes(), 100)).as(s.report()).containsOnlyOnce("MSET");
    }
}
