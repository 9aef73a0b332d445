package dev.weft.examples.redis;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.redis.command.PubSubMessage;
import dev.weft.examples.redis.pubsub.Message;
import dev.weft.examples.redis.pubsub.Subscriptions;
import dev.weft.future.Future;
import dev.weft.future.Selected;
import dev.weft.net.TcpStream;
import dev.weft.time.Time;
import java.io.IOException;
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
 * runtime.spawn(ConnectionLoop.serve(stream, state, Duration.ofSeconds(10))).detach();
 * }
 *
 * <p>A request that takes longer than {@code requestTimeout} from its first byte to its last (a
 * slowloris client, 1 byte per second) ends the connection; so do end of stream, QUIT, a protocol
 * error (answered first), a socket error (quietly: a reset peer is the peer's doing), and a
 * subscriber too far behind. Each ends only this connection. The read of a complete request carries
 * no timer, so the pipelined hot path allocates none.
 */
final class ConnectionLoop {
    private ConnectionLoop() {}

    /**
     * @param s the connection, owned by the task from now on (closed when it ends)
     * @param c its state
     * @param requestTimeout the longest a request may take to arrive, or {@code null} for no limit
     * @return the connection's task body
     */
    static Future<Void> serve(TcpStream s, ConnectionState c, Duration requestTimeout) {
        return Weft.async(() -> {
            try (s; c) {
                while (true) {
                    Subscriptions subs = c.session().subscriptions();
                    for (Message m; (m = subs.poll()) != null; ) { // messages already there
                        PubSubMessage.write(c.out(), m.channel().bytes(), m.payload());
                    }
                    if (c.out().size() > 0) {
                        await(s.writeAll(c.out().flipped()));
                        c.out().reset();
                    }
                    Future<Integer> read = nextRead(s, c, requestTimeout);
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
                    if (n < 0) return null;
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
            } catch (IOException gone) {
                // the client reset or vanished: this connection ends, nothing else does
            }
            return null;
        });
    }

    /**
     * The next read: plain while no request is half received, bounded by what is left of the
     * request timeout while one is; {@code null} if that time is already up.
     */
    private static Future<Integer> nextRead(TcpStream s, ConnectionState c, Duration requestTimeout) {
        if (requestTimeout == null || !c.partial()) return s.read(c.readSpace());
        long left = requestTimeout.toNanos() - (Time.nanoTime() - c.partialSince());
        if (left <= 0) return null;
        return Time.timeout(s.read(c.readSpace()), Duration.ofNanos(left));
    }
}
