package dev.weft.examples.chat;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.net.TcpStream;
import dev.weft.sync.ChannelClosedException;
import dev.weft.sync.Receiver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A client's writer: a task that takes the lines of its outbox and writes them to the socket, all
 * the lines queued at once in one write, until the outbox is closed and drained. A client that
 * does not read holds its writer in a write, and its outbox fills: the room drops it as slow.
 *
 * {@snippet :
 * Task<Void> writer = scope.spawn(Writer.drain(stream, member.inbox()));
 * }
 */
final class Writer {
    /** The most bytes gathered for one write. */
    private static final int MAX_WRITE = 16 * 1024;

    private Writer() {}

    /**
     * @param s the client's socket (the connection owns it)
     * @param inbox the client's outbox
     * @return the writer's body; ready once the outbox is closed and everything in it written, or
     *     once the client is gone (a failed write)
     */
    static Future<Void> drain(TcpStream s, Receiver<String> inbox) {
        return Weft.async(() -> {
            StringBuilder batch = new StringBuilder();
            try {
                while (true) {
                    batch.append(await(inbox.recv())).append('\n');
                    for (String more; batch.length() < MAX_WRITE && (more = next(inbox)) != null; ) {
                        batch.append(more).append('\n');
                    }
                    byte[] bytes = batch.toString().getBytes(StandardCharsets.UTF_8);
                    await(s.writeAll(bytes, 0, bytes.length));
                    batch.setLength(0);
                }
            } catch (ChannelClosedException drained) {
                return null; // closed, and every line queued before the close is written
            } catch (IOException gone) {
                return null; // the client reset or vanished: its reader sees it too, and ends the connection
            }
        });
    }

    /** @return the next line queued now, or {@code null} if none is (or the outbox is closed and drained) */
    private static String next(Receiver<String> inbox) {
        try {
            return inbox.tryRecv();
        } catch (ChannelClosedException drained) {
            return null;
        }
    }
}
