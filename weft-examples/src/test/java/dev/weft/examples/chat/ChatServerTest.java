package dev.weft.examples.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.SocketException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The chat's protocol with real sockets on 127.0.0.1: joining, broadcasts, leaving, refusals, drops, shutdown. */
class ChatServerTest {
    /** A connect is refused within a few seconds; one that got into the closing listener's backlog meanwhile is closed. */
    private static void assertConnectsAreRefusedSoon(int port) throws Exception {
        long end = System.nanoTime() + 5_000_000_000L;
        while (true) {
            try (Socket late = new Socket("127.0.0.1", port)) {
                late.setSoTimeout(ChatClient.READ_TIMEOUT_MILLIS);
                assertThat(late.getInputStream().read()).as("a connection the closed server took").isEqualTo(-1);
            } catch (ConnectException refused) {
                return;
            } catch (SocketException reset) {
                // reset while in the backlog of the closing listener: try again
            }
            assertThat(System.nanoTime()).as("a connect refused within 5 s").isLessThan(end);
            Thread.sleep(10);
        }
    }

    private static ChatServer start(ChatConfig config) throws IOException {
        return ChatServer.start(config);
    }

    @Test
    @Timeout(30)
    void aLineGoesToEveryOtherClientAndQuitLeaves() throws Exception {
        try (ChatServer server = start(ChatConfig.onPort(0));
             ChatClient alice = ChatClient.join(server.port(), "alice");
             ChatClient bob = ChatClient.join(server.port(), "bob");
             ChatClient carol = ChatClient.join(server.port(), "carol")) {
            alice.readUntil("* carol joined"::equals);
            bob.readUntil("* carol joined"::equals);
            alice.send("hi all");
            assertThat(bob.readLine()).isEqualTo("alice: hi all");
            assertThat(carol.readLine()).isEqualTo("alice: hi all");
            bob.send("/quit");
            assertThat(bob.readToEnd()).containsExactly("* bye");
            assertThat(alice.readLine()).isEqualTo("* bob left");
            assertThat(carol.readLine()).isEqualTo("* bob left");
            carol.send("still here");
            assertThat(alice.readLine()).isEqualTo("carol: still here");
        }
    }

    @Test
    @Timeout(30)
    void aTakenOrMalformedNameIsRefused() throws Exception {
        try (ChatServer server = start(ChatConfig.onPort(0));
             ChatClient alice = ChatClient.join(server.port(), "alice");
             ChatClient again = ChatClient.connect(server.port());
             ChatClient control = ChatClient.connect(server.port());
             ChatClient longName = ChatClient.connect(server.port())) {
            again.send("alice");
            assertThat(again.readToEnd()).containsExactly("error: the name alice is taken");
            control.send("bell\u0007");
            assertThat(control.readToEnd()).containsExactly("error: the name has a control character");
            longName.send("x".repeat(33));
            assertThat(longName.readToEnd()).containsExactly("error: the name is longer than 32 characters");
            alice.send("/quit");
            assertThat(alice.readToEnd()).containsExactly("* bye");
        }
    }

    @Test
    @Timeout(30)
    void aLineTooLongOrNotUtf8DropsTheClientWithAnError() throws Exception {
        try (ChatServer server = start(ChatConfig.onPort(0).withMaxLineBytes(64));
             ChatClient watcher = ChatClient.join(server.port(), "watcher");
             ChatClient wordy = ChatClient.join(server.port(), "wordy");
             ChatClient garbled = ChatClient.join(server.port(), "garbled")) {
            watcher.readUntil("* garbled joined"::equals);
            wordy.readUntil("* garbled joined"::equals);
            wordy.send("y".repeat(65));
            assertThat(wordy.readToEnd()).containsExactly("error: the line is too long");
            assertThat(watcher.readLine()).isEqualTo("* wordy was dropped (malformed input)");
            garbled.readUntil("* wordy was dropped (malformed input)"::equals);
            garbled.sendBytes(new byte[] {'o', 'k', (byte) 0xC3, '(', '\n'});
            assertThat(garbled.readToEnd()).containsExactly("error: the line is not valid UTF-8");
            assertThat(watcher.readLine()).isEqualTo("* garbled was dropped (malformed input)");
            watcher.send("ü works");
            watcher.send("/quit");
            assertThat(watcher.readToEnd()).containsExactly("* bye");
        }
    }

    @Test
    @Timeout(60)
    void aClientThatNeverReadsIsDroppedWhileTheOthersGetEveryLine() throws Exception {
        String payload = "z".repeat(4000);
        try (ChatServer server = start(ChatConfig.onPort(0).withOutbox(16).withMaxLineBytes(8192));
             ChatClient stalled = ChatClient.connect(server.port(), 4096);
             ChatClient talker = ChatClient.join(server.port(), "talker");
             ChatClient reader = ChatClient.join(server.port(), "reader")) {
            stalled.send("stalled"); // joins, then never reads again
            reader.readUntil("* stalled joined"::equals);
            talker.readUntil("* stalled joined"::equals);
            // Line by line: the reader takes each line before the next is sent, so only the stalled
            // client falls behind, until the socket buffers towards it and then its outbox are full.
            boolean dropped = false;
            int sent = 0;
            for (int after = 0; after < 10 && sent < 20_000; sent++) {
                talker.send(sent + " " + payload);
                String l = reader.readLine();
                if (l != null && l.equals("* stalled was dropped (too slow)")) {
                    dropped = true;
                    l = reader.readLine();
                }
                assertThat(l).as("line " + sent + " reached the reader").isEqualTo("talker: " + sent + " " + payload);
                if (dropped) after++;
            }
            assertThat(dropped).as("the stalled client was dropped after " + sent + " lines").isTrue();
            assertThat(talker.readLine()).isEqualTo("* stalled was dropped (too slow)");
            assertThat(server.connections()).as("the reader and the talker are still served").isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    @Timeout(30)
    void shutdownTellsEveryoneDeliversWhatIsQueuedAndClosesEveryConnection() throws Exception {
        ChatServer server = start(ChatConfig.onPort(0));
        int port = server.port();
        try (server;
             ChatClient alice = ChatClient.join(port, "alice");
             ChatClient bob = ChatClient.join(port, "bob");
             ChatClient carol = ChatClient.join(port, "carol")) {
            alice.readUntil("* carol joined"::equals);
            bob.readUntil("* carol joined"::equals);
            carol.send("last words");
            carol.send("/shutdown");
            assertThat(alice.readToEnd()).containsExactly("carol: last words", ChatServer.STOPPING);
            assertThat(bob.readToEnd()).containsExactly("carol: last words", ChatServer.STOPPING);
            assertThat(carol.readToEnd()).containsExactly(ChatServer.STOPPING);
            long accepted = Weft.blockOn(server.stopped());
            assertThat(accepted).isEqualTo(3);
            assertThat(server.connections()).isZero();
            assertConnectsAreRefusedSoon(port);
        }
    }
}
