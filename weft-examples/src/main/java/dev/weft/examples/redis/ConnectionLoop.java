package dev.weft.examples.redis;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Transport;
import dev.weft.examples.redis.command.PubSubMessage;
import dev.weft.examples.redis.pubsub.Message;
import dev.weft.examples.redis.pubsub.Subscriptions;
import dev.weft.future.Future;
import dev.weft.future.Selected;
import dev.weft.scope.CancellationToken;
import dev.weft.time.Time;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * One connection, written as a Weft user writes it: a woven {@link Weft#async} body that reads,
 * answers every complete request in what it read (pipelining), writes all the replies at once,
 * and reads again. In subscribed mode it waits for whichever comes first, a request or a message
 * on one of its channels.
 *
 * {@snippet :
 * connections.spawn(ConnectionLoop.serve(stream, state, Duration.ofSeconds(10), shutdown.token()));
 * }
 *
 * <p>A request that takes longer than {@code requestTimeout} from its first byte to its last (a
 * slowloris client, 1 byte per second) ends the connection; so do end of stream, QUIT, a protocol
 * error (answered first), a socket error (quietly: a reset peer is the peer's doing), and a
 * subscriber too far behind. Each ends only this connection. The read of a complete request carries
 * no timer, so the pipelined hot path allocates none.
 *
 * <h2>Shutdown</h2>
 * Once the server's shutdown token is cancelled, the connection ends at its next point with
 * nothing in flight: every request read whole is answered, a request half received is awaited
 * (within its timeout), and then, instead of reading on, the connection shuts its output (the
 * client reads every reply and then the end of the stream), drops what the client still sends for
 * at most {@link #LINGER} (so that closing does not reset the connection under replies the client
 * has not read yet), and closes. An idle connection, waiting for a request or a message, does so at
 * once ({@link IdleRead}). What the server's grace cuts short is cancelled at an await: between
 * two reads, or in a write the client does not take.
 */
final class ConnectionLoop {
    /** How long a connection ending for a shutdown reads and drops what its client still sends. */
    static final Duration LINGER = Duration.ofSeconds(1);

    private ConnectionLoop() {}

    /**
     * @param s the connection, owned by the task from now on (closed when it ends)
     * @param c its state
     * @param requestTimeout the longest a request may take to arrive, or {@code null} for no limit
     * @param shutdown the server's shutdown token
     * @return the connection's task body
     */
    static Future<Void> serve(Transport s, ConnectionState c, Duration requestTimeout, CancellationToken shutdown) {
        return Weft.async(() -> {
            try (s; c; IdleRead idle = new IdleRead(shutdown)) {
                while (true) {
                    Subscriptions subs = c.session().subscriptions();
                    for (Message m; (m = subs.poll()) != null; ) { // messages already there
                        PubSubMessage.write(c.out(), m.channel().bytes(), m.payload());
                    }
                    if (c.out().size() > 0) {
                        await(s.writeAll(c.out().flipped()));
                        c.out().reset();
                    }
                    if (shutdown.isCancelled() && !c.partial()) break; // nothing in flight: end
                    Future<Integer> read = nextRead(s, c, requestTimeout, idle);
                    if (read == null) return null; // the request in progress took too long
                    int n;
                    try {
                        if (c.session().subscribed()) {
                            Selected<Object> first = await(Future.<Object>select(List.of(read, subs.next())));
                            if (first.index() == 1) {
                                Message m = (Message) first.value();
                                if (subs.accepts(m)) PubSubMessage.write(c.out(), m.channel().bytes(), m.payload());
                                continue;
                            }
                            n = (Integer) first.value();
                        } else {
                            n = await(read);
                        }
                    } catch (Exception e) { // a read's failure passes as it is; a timeout ends the connection
                        if (e instanceof TimeoutException) return null;
                        throw e;
                    }
                    if (n < 0) {
                        if (shutdown.isCancelled()) break; // the idle read gave way to the shutdown
                        return null;
                    }
                    ConnectionState.Step step;
                    while ((step = c.process()) == ConnectionState.Step.FLUSH) {
                        await(s.writeAll(c.out().flipped()));
                        c.out().reset();
                    }
                    if (c.out().size() > 0) {
                        await(s.writeAll(c.out().flipped()));
                        c.out().reset();
                    }
                    if (step == ConnectionState.Step.CLOSE) return null;
                }
                s.shutdownOutput(); // the shutdown: the client reads every reply, then the end of the stream
                ByteBuffer dropped = ByteBuffer.allocate(4096);
                long lingerEnd = Time.nanoTime() + LINGER.toNanos();
                for (long left; (left = lingerEnd - Time.nanoTime()) > 0; dropped.clear()) {
                    try {
                        if (await(Time.timeout(s.read(dropped), Duration.ofNanos(left))) < 0) break;
                    } catch (TimeoutException enough) {
                        break;
                    }
                }
            } catch (IOException gone) {
                // the client reset or vanished: this connection ends, nothing else does
            }
            return null;
        });
    }

    /**
     * The next read: the idle read (which gives way to a shutdown) while no request is half
     * received, bounded by what is left of the request timeout while one is; {@code null} if that
     * time is already up.
     */
    private static Future<Integer> nextRead(Transport s, ConnectionState c, Duration requestTimeout, IdleRead idle) {
        if (!c.partial()) return idle.of(s.read(c.readSpace()));
        if (requestTimeout == null) return s.read(c.readSpace());
        long left = requestTimeout.toNanos() - (Time.nanoTime() - c.partialSince());
        if (left <= 0) return null;
        return Time.timeout(s.read(c.readSpace()), Duration.ofNanos(left));
    }
}
