package dev.weft.examples.http;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Transport;
import dev.weft.future.Future;
import dev.weft.scope.CancellationToken;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.time.Time;
import java.nio.ByteBuffer;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;

/**
 * One HTTP/1.1 connection as a woven {@code Weft.async} body: read what arrived, decode every
 * complete request in the buffer, answer them in order into one output buffer, write it in one go
 * (so pipelined requests cost one write per batch), and read on, until the client closes, asks for
 * {@code Connection: close}, breaks the protocol, or is too slow.
 *
 * <p>Errors end only this connection: a refused request ({@link ProtocolError}) is answered with
 * its status and {@code Connection: close}; a handler that fails is answered {@code 500}; a head
 * not complete within {@link Limits#headerTimeout()} of the previous answer (a slowloris client)
 * gets {@code 408}, or a silent close if the connection was idle. After a refusal the connection
 * shuts its output and drains what the client still sends for a moment (at most 1 MiB, 2 s), so the
 * client reads the answer instead of a reset.
 *
 * <p>The connection owns a task scope (a task tracker's): what its handlers spawn into
 * {@code TaskScope.current()} is its child, cancelled and waited for when the connection ends, so
 * nothing a request started outlives its connection.
 *
 * <h2>Shutdown</h2>
 * Once the server's shutdown token is cancelled, the connection ends at its next point with
 * nothing in flight: a request being handled or half received is finished and answered with
 * {@code Connection: close} (pipelined requests after it are not answered: the client sends them
 * again), and an idle connection, waiting for a request, closes at once. What the server's grace
 * cuts short is cancelled at an await (in the handler, a read or a write), which closes the
 * connection without an answer.
 */
final class HttpConnection {
    /** Answers are written before this many bytes pile up, even in the middle of a batch. */
    private static final int FLUSH_AT = 64 * 1024;
    private static final long MAX_DRAIN_BYTES = 1024 * 1024;
    private static final long MAX_DRAIN_NANOS = 2_000_000_000L;

    private HttpConnection() {}

    /**
     * A connection of a server that is never shut down.
     *
     * @param io the connection's bytes; closed when the future completes, fails or is cancelled
     * @return the future serving the connection until it ends
     */
    static Future<Void> serve(Transport io, Handler handler, Limits limits, HttpDate date) {
        return serve(io, handler, limits, date, CancellationToken.create());
    }

    /**
     * @param io the connection's bytes; closed when the future completes, fails or is cancelled
     * @param shutdown the server's shutdown token
     * @return the future serving the connection until it ends
     */
    static Future<Void> serve(Transport io, Handler handler, Limits limits, HttpDate date, CancellationToken shutdown) {
        return Weft.async(() -> {
            // what the handlers spawn into TaskScope.current() is a child of the connection's scope
            try (io; Watchdog watchdog = new Watchdog(shutdown);
                    TaskScope<Object, Void> _ = TaskScope.open(Joiner.reporting(), c -> c.withName("connection"))) {
                long timeout = limits.headerTimeout().toNanos();
                RequestDecoder in = new RequestDecoder(limits);
                ResponseWriter out = new ResponseWriter(date);
                long headDeadline = Time.nanoTime() + timeout;
                boolean open = true;
                boolean refused = false;
                while (open) {
                    try {
                        Request request;
                        while (open && (request = in.next()) != null) {
                            Response response;
                            try {
                                response = await(handler.handle(request));
                            } catch (CancellationException cancelled) {
                                throw cancelled;
                            } catch (Exception failed) {
                                response = null;
                            }
                            if (response == null) {
                                out.writeError(500, "internal server error");
                                open = false;
                            } else {
                                open = request.keepAlive() && !shutdown.isCancelled();
                                out.write(request, response, !open);
                            }
                            headDeadline = Time.nanoTime() + timeout;
                            if (out.pending() >= FLUSH_AT) {
                                await(io.writeAll(out.output()));
                                out.clear();
                            }
                        }
                    } catch (ProtocolError e) {
                        out.writeError(e.status(), e.getMessage());
                        open = false;
                        refused = true;
                    }
                    if (open && in.takeContinue()) out.writeContinue();
                    if (out.pending() > 0) {
                        await(io.writeAll(out.output()));
                        out.clear();
                    }
                    if (!open) break;
                    boolean idle = in.idle();
                    if (idle && shutdown.isCancelled()) break; // nothing in flight: end
                    long deadline = in.inHead() ? headDeadline : Time.nanoTime() + timeout;
                    int n;
                    try {
                        n = await(new ReadBefore(io.read(in.readBuffer()), watchdog, deadline, idle));
                    } catch (TimeoutException slow) {
                        if (!in.idle()) {
                            out.writeError(408, "request not complete in " + limits.headerTimeout().toMillis() + " ms");
                            await(io.writeAll(out.output()));
                            refused = true;
                        }
                        break;
                    }
                    if (n < 0) break;
                    in.filled(n);
                }
                if (refused) {
                    io.shutdownOutput();
                    ByteBuffer scratch = ByteBuffer.allocate(8 * 1024);
                    long drained = 0;
                    long drainEnd = Time.nanoTime() + Math.min(timeout, MAX_DRAIN_NANOS);
                    while (drained < MAX_DRAIN_BYTES && Time.nanoTime() - drainEnd < 0) {
                        scratch.clear();
                        int n;
                        try {
                            n = await(new ReadBefore(io.read(scratch), watchdog, drainEnd, false));
                        } catch (TimeoutException enough) {
                            break;
                        }
                        if (n < 0) break;
                        drained += n;
                    }
                }
            } catch (java.io.IOException gone) {
                // the client reset or vanished mid-answer: this connection ends, nothing else does
            }
            return null;
        });
    }
}
