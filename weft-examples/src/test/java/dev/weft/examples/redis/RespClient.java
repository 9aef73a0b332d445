package dev.weft.examples.redis;

import dev.weft.examples.redis.resp.RespDecoder;
import dev.weft.examples.redis.resp.RespLimits;
import dev.weft.examples.redis.resp.RespProtocolException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A blocking test client on loopback: sends raw bytes or commands, reads RESP replies with a
 * bounded wait (every read has a 5-second timeout), and tells whether the server closed.
 */
final class RespClient implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
    private byte[] buf = new byte[64 * 1024];
    private int start;
    private int end;

    RespClient(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(5000);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /** Sends a command as a RESP array of bulk strings. */
    RespClient send(String... words) throws IOException {
        StringBuilder b = new StringBuilder("*").append(words.length).append("\r\n");
        for (String w : words) {
            b.append('$').append(w.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(w).append("\r\n");
        }
        return sendRaw(b.toString().getBytes(StandardCharsets.UTF_8));
    }

    RespClient sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Sends a command and reads its reply. */
    Object call(String... words) throws IOException {
        return send(words).reply();
    }

    /** The next reply: String, RespError, Long, byte[], Object[] or RespNull.NULL. */
    Object reply() throws IOException {
        while (true) {
            try {
                Object v = decoder.decodeValue(buf, start, end);
                if (v != null) {
                    start += decoder.consumed();
                    return v;
                }
            } catch (RespProtocolException e) {
                throw new IOException("the server's reply is not RESP: " + e.getMessage(), e);
            }
            if (end == buf.length) {
                if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, end - start);
                    end -= start;
                    start = 0;
                } else {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
            }
            int n = in.read(buf, end, buf.length - end);
            if (n < 0) throw new IOException("the server closed the connection");
            end += n;
        }
    }

    /** The next reply, or {@code null} if none comes within {@code millis}; IOException if the server closed. */
    Object replyWithin(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            return reply();
        } catch (SocketTimeoutException none) {
            return null;
        } finally {
            socket.setSoTimeout(5000);
        }
    }

    /** Whether the server has closed this connection within {@code millis} (see {@link ClosedCheck}). */
    boolean closedWithin(int millis) throws IOException {
        return ClosedCheck.closedWithin(socket, millis);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** A bulk reply as text. */
    static String text(Object reply) {
        return new String((byte[]) reply, StandardCharsets.UTF_8);
    }
}
