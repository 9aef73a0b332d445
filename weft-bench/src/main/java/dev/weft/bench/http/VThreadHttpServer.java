package dev.weft.bench.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The virtual-thread peer of the HTTP benchmark: the JDK's {@code com.sun.net.httpserver} on
 * {@link Executors#newVirtualThreadPerTaskExecutor()}, keep-alive, the same {@code GET /plaintext}
 * answer ({@code Hello, World!}, {@code text/plain}, {@code Server}; the JDK adds {@code Date}).
 * Prints {@code listening on 127.0.0.1:<port>}.
 *
 * <pre>
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.http.VThreadHttpServer 8082
 * </pre>
 */
public final class VThreadHttpServer {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private VThreadHttpServer() {}

    static void plaintext(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.getResponseHeaders().set("Server", "jdk-vthreads");
            exchange.sendResponseHeaders(200, HELLO.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(HELLO);
            }
        }
    }

    /**
     * @param args the port (default 0: any free port)
     * @throws IOException if the port cannot be bound
     */
    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 1024);
        server.createContext("/plaintext", VThreadHttpServer::plaintext);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        System.out.println("listening on 127.0.0.1:" + server.getAddress().getPort());
    }
}
