package dev.weft.examples.http;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
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
 */
final class HttpConnection {
    /** Answers are written before this many bytes pile up, even in the middle of a batch. */
    private static final int FLUSH_AT = 64 * 1024;
    private static final long MAX_DRAIN_BYTES = 1024 * 1024;
    private static final long MAX_DRAIN_NANOS = 2_000_000_000L;

    private HttpConnection() {}

    /**
     * @param io the connection's bytes; closed when the future completes, fails or is cancelled
     * @return the future serving the connection until it ends
     */
    static Future<Void> serve(Transport io, Handler handler, Limits limits, HttpDate date) {
        return Weft.async(() -> {
            try (io; Watchdog watchdog = new Watchdog()) {
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
                                open = request.keepAlive();
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
                    long deadline = in.inHead() ? headDeadline : Time.nanoTime() + timeout;
                    int n;
                    try {
                        n = await(new ReadBefore(io.read(in.readBuffer()), watchdog, deadline));
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
                            n = await(new ReadBefore(io.read(scratch), watchdog, drainEnd));
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
