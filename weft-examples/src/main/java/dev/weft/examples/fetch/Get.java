package dev.weft.examples.fetch;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.io.codec.FramedReader;
import dev.weft.io.codec.LineCodec;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A bare HTTP/1.1 GET over a Weft TCP stream, for the fan-out examples (a service would use the
 * JDK's {@code java.net.http.HttpClient} through {@code Future.fromStage}): connects, sends the
 * request with {@code Connection: close}, reads the response's head line by line (a
 * {@link LineCodec} over the stream, lines of at most {@link #MAX_HEAD_LINE} bytes), fails with
 * {@link ServerError} on a 5xx, then reads the body to the end. Cancelled, it closes its connection (try-with-resources), so the
 * server sees the request abandoned.
 *
 * {@snippet :
 * String body = await(Get.get(new InetSocketAddress("127.0.0.1", 8080), "/item/7"));
 * }
 */
public final class Get {
    /** The most bytes of a response's body read. */
    static final int MAX_RESPONSE = 1 << 20;

    /** The longest line of a response's head. */
    static final int MAX_HEAD_LINE = 8 << 10;

    private Get() {}

    /** A response with a 5xx status. */
    public static final class ServerError extends IOException {
        /** @param statusLine the response's status line */
        ServerError(String statusLine) {
            super("server error: " + statusLine);
        }
    }

    /**
     * @param server where to connect
     * @param path the request path
     * @return the future of the response's body
     */
    public static Future<String> get(InetSocketAddress server, String path) {
        return Weft.async(() -> {
            try (TcpStream s = await(TcpStream.connect(server))) {
                byte[] request = ("GET " + path + " HTTP/1.1\r\nHost: " + server.getHostString()
                        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
                await(s.writeAll(request, 0, request.length));
                FramedReader<String> head = new FramedReader<>(s, LineCodec.of(StandardCharsets.ISO_8859_1, MAX_HEAD_LINE));
                String status = await(head.nextOrNull());
                if (status != null && status.matches("HTTP/1\\.[01] 5\\d\\d.*")) throw new ServerError(status);
                String field = status;
                while (field != null && !field.isEmpty()) field = await(head.nextOrNull()); // up to the empty line
                if (field == null) return "";                                               // a head without its end
                byte[] bodyStart = head.takeBuffered(); // what came with the head's last line
                byte[] rest = await(AsyncIo.readToEnd(s, MAX_RESPONSE - bodyStart.length));
                return new String(bodyStart, StandardCharsets.ISO_8859_1) + new String(rest, StandardCharsets.ISO_8859_1);
            }
        });
    }
}
