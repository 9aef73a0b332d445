package dev.weft.examples.chat;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.FallibleStream;
import dev.weft.future.Future;
import dev.weft.io.BufReader;
import dev.weft.io.InvalidDataException;
import dev.weft.io.LimitExceededException;
import dev.weft.net.TcpStream;
import dev.weft.scope.CancellationToken;
import dev.weft.scope.TaskScope;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;

/**
 * One client, as a woven {@link Weft#async} body: it greets, reads the client's name, joins the
 * room, and then reads the client's lines and broadcasts them, while a writer task of its own
 * ({@link Writer}, in a task scope that the connection owns) delivers the client's outbox.
 *
 * {@snippet :
 * connections.spawn(ChatConnection.serve(stream, room, config, shutdown.token(), stop));
 * }
 *
 * <p>How a client ends, and what the others see:
 * <pre>
 * what                           the client gets                 the others get
 * "/quit" or end of stream       "* bye", then the end           "* NAME left"
 * a line too long, bad UTF-8     "error: ...", then the end      "* NAME was dropped (malformed input)"
 * outbox full for the patience   the end, at once                "* NAME was dropped (too slow)"
 * the server shuts down          what is queued, its notice,     (the same)
 *                                then the end
 * </pre>
 * A client that leaves gets {@code drainGrace} to take what is queued for it; then its writer is
 * cancelled. A name is refused ("error: ...", then the end) if it is malformed or taken.
 *
 * <h2>Fairness: a flood slows its sender, not the readers</h2>
 * The broadcast of a line offers it to each outbox ({@code trySend}), which wakes the writers, and
 * the reader then yields ({@code Future.yieldNow()}): on its worker, the writers just woken run
 * before its next line, so a read that brought many lines (up to the reader's 8 KiB buffer) does
 * not pour them all into the outboxes in one poll. But a yield orders tasks on one worker only.
 * With two workers the writers may be queued on the other one, and that worker may be held up
 * (a long poll, or its thread descheduled by the OS on a busy machine) while the reader's worker
 * goes on: the reader then fills an outbox faster than its writer drains it, however healthy the
 * client. Measured with one client flooding at 1,000 lines/s and 8 reading, 2 workers, a
 * 64-message outbox and a broadcast that dropped a client at its first full outbox: 3 runs of 20
 * dropped a healthy client (none on one worker, where the reader and the writers take turns).
 * So a full outbox is not yet a slow client: the line waits for room for up to
 * {@link ChatConfig#patience()} ({@link Room#broadcast}), and the reader, waiting with it, reads
 * no more; the flooding client's own socket then fills and its writes wait. Only a client whose
 * outbox stays full that long is dropped.
 */
final class ChatConnection {
    /** The first line a client gets. */
    static final String GREETING = "* welcome; your name?";

    private ChatConnection() {}

    /**
     * @param s the client's socket, owned by the task from now on (closed when it ends)
     * @param room the chat
     * @param config the limits and the outbox size
     * @param shutdown the server's shutdown token: reads end when it is cancelled
     * @param stop what "/shutdown" runs: the server's shutdown
     * @return the connection's task body
     */
    static Future<Void> serve(TcpStream s, Room room, ChatConfig config, CancellationToken shutdown, Runnable stop) {
        return Weft.async(() -> {
            try (s) {
                // strict UTF-8, each line bounded: InvalidDataException or LimitExceededException
                FallibleStream<String, IOException> lines = new BufReader(s).lines(config.maxLineBytes());
                await(say(s, GREETING));
                String name;
                try {
                    name = await(shutdown.runUntilCancelled(lines.nextOrNull()));
                } catch (CancellationException stopping) {
                    return null;
                } catch (Exception failed) {
                    if (!malformed(failed)) throw failed;
                    await(say(s, "error: " + why(failed)));
                    return null;
                }
                if (name == null) return null;
                String problem = Names.problem(name, config.maxNameChars());
                if (problem != null) {
                    await(say(s, "error: " + problem));
                    return null;
                }
                Member me = new Member(name, config.outbox(), shutdown);
                if (!room.join(me)) {
                    await(say(s, "error: the name " + name + " is taken"));
                    return null;
                }
                try (TaskScope<Object, Void> own = TaskScope.open()) {
                    Task<Void> writer = own.spawn(Writer.drain(s, me.inbox()));
                    me.offer("* hello " + name + "; " + (room.size() - 1) + " others here");
                    await(room.announce(me, "* " + name + " joined"));
                    String notice = null;
                    while (true) {
                        String line;
                        try {
                            line = await(me.token().runUntilCancelled(lines.nextOrNull()));
                        } catch (CancellationException droppedOrStopping) {
                            break; // the room dropped it, or the server stops: the room has told everyone
                        } catch (Exception failed) {
                            if (!malformed(failed)) throw failed;
                            me.offer("error: " + why(failed));
                            notice = "* " + name + " was dropped (malformed input)";
                            break;
                        }
                        if (line == null || line.equals("/quit")) {
                            me.offer("* bye");
                            notice = "* " + name + " left";
                            break;
                        }
                        if (line.equals("/shutdown")) {
                            stop.run();
                            continue; // the shutdown cancels the token: the loop ends at its next read
                        }
                        await(room.broadcast(me, line)); // waits while an outbox is full (see "Fairness")
                        await(Future.yieldNow()); // behind the writers just woken
                    }
                    if (notice != null) await(room.leave(me, notice));
                    if (me.dropped()) {
                        own.cancel();
                    } else {
                        try {
                            await(Time.timeout(writer, config.drainGrace()));
                            s.shutdownOutput();
                        } catch (TimeoutException slow) {
                            own.cancel();
                        }
                    }
                }
            } catch (IOException gone) {
                // the client reset or vanished: this connection ends, nothing else does
            }
            return null;
        });
    }

    /** @return whether a read failed on what the client sent (a line too long, bad UTF-8), not on the socket */
    private static boolean malformed(Exception e) {
        return e instanceof LimitExceededException || e instanceof InvalidDataException;
    }

    /** @return what the client is told about the line it sent that could not be taken */
    private static String why(Exception e) {
        return e instanceof LimitExceededException ? "the line is too long" : "the line is not valid UTF-8";
    }

    /** Writes one line straight to the socket: before the client has joined, no writer runs. */
    private static Future<Void> say(TcpStream s, String line) {
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        return s.writeAll(b, 0, b.length);
    }
}
