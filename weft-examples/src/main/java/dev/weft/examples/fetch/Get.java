package dev.weft.examples.fetch;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A bare HTTP/1.1 GET over a Weft TCP stream, for the fan-out examples (a service would use the
 * JDK's {@code java.net.http.HttpClient} through {@code Future.fromStage}): connects, sends the
 * request with {@code Connection: close}, reads the whole response, and fails with
 * {@link ServerError} on a 5xx. Cancelled, it closes its connection (try-with-resources), so the
 * server sees the request abandoned.
 *
 * {@snippet :
 * String body = await(Get.get(new InetSocketAddress("127.0.0.1", 8080), "/item/7"));
 * }
 */
public final class Get {
    /** The most bytes of a response read. */
    static final int MAX_RESPONSE = 1 << 20;

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
                String response = new String(await(AsyncIo.readToEnd(s, MAX_RESPONSE)), StandardCharsets.ISO_8859_1);
                String status = response.lines().findFirst().orElse("");
                if (status.matches("HTTP/1\\.[01] 5\\d\\d.*")) throw new ServerError(status);
                int body = response.indexOf("\r\n\r\n");
                return body < 0 ? "" : response.substring(body + 4);
            }
        });
    }
}
