package dev.weft.examples.redis.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.examples.redis.pubsub.PubSub;
import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.resp.WrittenReplies;
import dev.weft.examples.redis.store.ExpiryScheduler;
import dev.weft.examples.redis.store.Keyspace;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DispatcherTest {
    private final Database db = Database.of(new Keyspace(64, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY), new PubSub(16));
    private final CommandTable table = Commands.table(db);
    private final Dispatcher dispatcher = new Dispatcher(table);
    private final Session session = new Session(db);
    private final RespWriter out = new RespWriter(1024);

    private String run(String... words) {
        byte[][] args = Arrays.stream(words).map(w -> w.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        dispatcher.execute(args, session, out);
        return WrittenReplies.drain(out);
    }

    @Test
    void commandNamesAreFoundInAnyCase() {
        assertThat(table.find("gEt".getBytes(StandardCharsets.US_ASCII)).name()).isEqualTo("get");
        assertThat(table.find("GETX".getBytes(StandardCharsets.US_ASCII))).isNull();
        assertThat(run("PiNg")).isEqualTo("+PONG\r\n");
    }

    @Test
    void aNameCannotBeDefinedTwice() {
        assertThatThrownBy(() -> table.add(new Command("get", 2, false, (a, s, o) -> {})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("get");
    }

    @Test
    void anUnknownCommandIsNamedWithItsFirstArgumentsCutNear128Bytes() {
        assertThat(run("nope", "a", "b")).isEqualTo("-ERR unknown command 'nope', with args beginning with: 'a' 'b' \r\n");
        String reply = run("nope", "x".repeat(200), "y");
        assertThat(reply).startsWith("-ERR unknown command 'nope', with args beginning with: '" + "x".repeat(128) + "' \r\n");
    }

    @Test
    void aWrongArityIsRefusedBeforeTheCommandRuns() {
        assertThat(run("get")).isEqualTo("-ERR wrong number of arguments for 'get' command\r\n");
        assertThat(run("set", "k")).isEqualTo("-ERR wrong number of arguments for 'set' command\r\n");
        assertThat(db.keyspace().size()).isZero();
    }

    @Test
    void inSubscribedModeOnlyThePubSubCommandsPingAndQuitRun() {
        assertThat(run("subscribe", "ch")).isEqualTo("*3\r\n$9\r\nsubscribe\r\n$2\r\nch\r\n:1\r\n");
        assertThat(run("get", "k")).startsWith("-ERR Can't execute 'get': only (P|S)SUBSCRIBE");
        assertThat(run("ping")).isEqualTo("*2\r\n$4\r\npong\r\n$0\r\n\r\n");
        assertThat(run("unsubscribe")).isEqualTo("*3\r\n$11\r\nunsubscribe\r\n$2\r\nch\r\n:0\r\n");
        assertThat(run("get", "k")).isEqualTo("$-1\r\n");
    }

    @Test
    void publishCountsTheSubscribedConnections() {
        Session other = new Session(db);
        dispatcher.execute(new byte[][] {"subscribe".getBytes(StandardCharsets.US_ASCII), {'c'}}, other, new RespWriter(64));
        assertThat(run("publish", "c", "m")).isEqualTo(":1\r\n");
        assertThat(run("publish", "d", "m")).isEqualTo(":0\r\n");
        assertThat(other.subscriptions().poll().payload()).isEqualTo(new byte[] {'m'});
        other.close();
        assertThat(run("publish", "c", "m")).isEqualTo(":0\r\n");
    }

    @Test
    void quitRepliesOkAndAsksForTheConnectionToClose() {
        assertThat(run("quit")).isEqualTo("+OK\r\n");
        assertThat(session.closing()).isTrue();
    }

    @Test
    void commandCountAnswersTheTableSize() {
        assertThat(run("command", "count")).isEqualTo(":" + table.commands().size() + "\r\n");
        assertThat(run("command", "docs")).isEqualTo("*0\r\n");
        assertThat(run("command", "foo")).isEqualTo("-ERR unknown subcommand 'foo'. Try COMMAND HELP.\r\n");
    }
}
