package dev.weft.examples.chat;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.scope.CancellationToken;
import dev.weft.sync.Channel;
import dev.weft.sync.ChannelClosedException;
import dev.weft.sync.Receiver;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A client in the room: its name, its outbox (the bounded channel its writer drains to the
 * socket), and the token that ends its reads, cancelled when the server shuts down or when the
 * client is dropped.
 *
 * {@snippet :
 * Member m = new Member("alice", 64, shutdown.token());
 * boolean queued = m.offer("bob: hi"); // false: the outbox is full, alice may be slow
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field     meaning                                        who writes it
 * outbox    messages for the client, at most its capacity  any task offers; its writer takes
 * token     cancelled to end the client's reads            the shutdown (its parent), or drop()
 * dropped   false until the room drops the client          drop(), once (volatile)
 * </pre>
 * Memory consistency effects: {@code dropped} is set before the token is cancelled, so the
 * reader that sees the cancellation reads it true.
 */
final class Member {
    private final String name;
    private final Channel<String> outbox;
    private final CancellationToken token;
    private volatile boolean dropped;

    /**
     * @param name the client's name
     * @param outbox how many messages may wait for the client
     * @param shutdown the server's shutdown token, parent of the member's
     */
    Member(String name, int outbox, CancellationToken shutdown) {
        this.name = name;
        this.outbox = Channel.bounded(outbox);
        this.token = shutdown.child();
    }

    /** @return the client's name */
    String name() {
        return name;
    }

    /**
     * Queues a line for the client if its outbox has room; never waits.
     *
     * @param line the line, without its terminator
     * @return {@code false} if the outbox is full (the client is slow); {@code true} if the line
     *     is queued, or if the outbox is closed (the client is leaving: not slow)
     */
    boolean offer(String line) {
        try {
            return outbox.sender().trySend(line);
        } catch (ChannelClosedException leaving) {
            return true;
        }
    }

    /**
     * Queues a line for the client, waiting for room for up to {@code patience}: the line of a
     * broadcast that found the outbox full ({@link #offer} answered {@code false}).
     *
     * @param line the line, without its terminator
     * @param patience how long to wait for room
     * @return a future of {@code false} if the outbox stayed full (the client is slow);
     *     {@code true} if the line is queued, or the outbox closed meanwhile (the client is leaving)
     */
    Future<Boolean> offerWithin(String line, Duration patience) {
        return Weft.async(() -> {
            try {
                await(Time.timeout(outbox.sender().send(line), patience));
                return true;
            } catch (TimeoutException slow) {
                return false;
            } catch (ChannelClosedException leaving) {
                return true;
            }
        });
    }

    /** @return where the client's writer takes its lines from */
    Receiver<String> inbox() {
        return outbox.receiver();
    }

    /** Closes the outbox: the writer delivers what is queued, then ends. */
    void closeOutbox() {
        outbox.sender().closeChannel();
    }

    /** @return the token that ends the client's reads */
    CancellationToken token() {
        return token;
    }

    /** Drops the client: its reads end, and its connection cancels its writer. */
    void drop() {
        dropped = true;
        closeOutbox();
        token.cancel();
    }

    /** @return whether the room dropped the client */
    boolean dropped() {
        return dropped;
    }

    @Override
    public String toString() {
        return "Member[" + name + ", queued=" + outbox.sender().size() + ", dropped=" + dropped + "]";
    }
}
