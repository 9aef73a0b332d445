package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.io.BufReader;
import dev.weft.net.TcpStream;
import dev.weft.time.Time;
import java.io.EOFException;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * A client's end of a connection in the examples' simulation tests: write bytes, read a line or an
 * exact count of bytes, each within a time limit of virtual time (a partitioned network holds
 * bytes until the repair, so a client must bring its own time-outs, as on a real network). Failures
 * are the ones a real client meets: {@link IOException} (refused, reset; {@link EOFException} when
 * the server closed), {@link TimeoutException} (the network held the bytes too long).
 *
 * {@snippet :
 * try (SimWire w = await(SimWire.connect("server", 6379, Duration.ofSeconds(1)))) {
 *     await(w.write("PING\r\n".getBytes(StandardCharsets.US_ASCII)));
 *     String pong = await(w.line());               // "+PONG"
 * } catch (Exception e) {
 *     if (!SimWire.isNetworkFault(e)) throw e;     // a bug; else retry
 * }
 * }
 *
 * <p>Not thread-safe: one client task uses it.
 */
public final class SimWire implements AutoCloseable {
    private final TcpStream stream;
    private final BufReader in;
    private final AsyncStream<String> lines;
    private final Duration limit;

    private SimWire(TcpStream stream, Duration limit) {
        this.stream = stream;
        this.in = new BufReader(stream);
        this.lines = in.lines();
        this.limit = limit;
    }

    /**
     * @param host the server's host name
     * @param port its port
     * @param limit the time limit of the connect, and of every later read and write
     * @return the connection; fails with the connect's IOException or a TimeoutException
     */
    public static Future<SimWire> connect(String host, int port, Duration limit) {
        return Weft.async(() -> new SimWire(await(Time.timeout(TcpStream.connect(host, port), limit)), limit));
    }

    /**
     * @param bytes what to send, all of it
     * @return done when every byte is written (into the network's window)
     */
    public Future<Void> write(byte[] bytes) {
        return Time.timeout(stream.writeAll(bytes, 0, bytes.length), limit);
    }

    /** @return the next line, without its {@code \r\n}; an {@link EOFException} if the server closed first */
    public Future<String> line() {
        return Weft.async(() -> {
            Optional<String> next = await(Time.timeout(lines.next(), limit));
            if (next.isEmpty()) throw new EOFException("the server closed the connection");
            return next.get();
        });
    }

    /**
     * @param n how many bytes
     * @return exactly the next {@code n} bytes; an {@link EOFException} if the server closed first
     */
    public Future<byte[]> bytes(int n) {
        return Weft.async(() -> {
            byte[] b = new byte[n];
            await(Time.timeout(AsyncIo.readExact(in, b, 0, n), limit));
            return b;
        });
    }

    /** @return ready with -1 at the server's end of stream; fails if a byte arrives instead */
    public Future<Integer> endOfStream() {
        return Weft.async(() -> {
            byte[] one = new byte[1];
            int n = await(Time.timeout(AsyncIo.read(in, one, 0, 1), limit));
            if (n >= 0) throw new IOException("expected the end of stream, got " + n + " more byte(s)");
            return n;
        });
    }

    /**
     * The awaits of this class's futures throw undeclared (as any plain {@code Future}'s), so a
     * client catches {@code Exception} and asks this.
     *
     * @param e what an await threw
     * @return whether it is a fault of the network or the peer (an {@link IOException}, including
     *     {@link EOFException}, or a {@link TimeoutException}) rather than a bug
     */
    public static boolean isNetworkFault(Exception e) {
        return e instanceof IOException || e instanceof TimeoutException;
    }

    /**
     * The clean end of a connection: ends this side's output, waits for the server's end of
     * stream (a server closes when it reads ours), and closes.
     *
     * @return true if it ended so; false if a fault of the network came first (a reset then
     *     clears the server's end too); any other failure passes
     */
    public Future<Boolean> finish() {
        return Weft.async(() -> {
            try {
                stream.shutdownOutput();
                await(endOfStream());
                return true;
            } catch (Exception e) {
                if (!isNetworkFault(e)) throw e;
                return false;
            } finally {
                close();
            }
        });
    }

    /** Ends this side's output (the server reads end of stream after what was sent). */
    public void shutdownOutput() throws IOException {
        stream.shutdownOutput();
    }

    @Override
    public void close() {
        try {
            stream.close();
        } catch (IOException alreadyGone) {
            // closing an end the network reset: nothing is left to release
        }
    }
}
