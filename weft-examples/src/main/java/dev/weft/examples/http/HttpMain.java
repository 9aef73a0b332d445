package dev.weft.examples.http;

import dev.weft.examples.Shutdown;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Starts the example HTTP server on 127.0.0.1 ({@code weft-examples/run http [PORT]}) with
 * {@link Routes#all(Path)}, prints {@code listening on 127.0.0.1:<port>} once it accepts, and
 * serves until the process is stopped (Ctrl-C, SIGTERM), then shuts down gracefully
 * ({@link HttpServer#shutdown}) with {@link Shutdown#ON_EXIT} of grace.
 *
 * {@snippet :
 * // java -cp ... dev.weft.examples.http.HttpMain 8080 ./www
 * HttpMain.main(new String[] {"8080", "www"});
 * }
 */
public final class HttpMain {
    private HttpMain() {}

    /**
     * @param args {@code [PORT] [STATIC_DIR]}: the port (default 8080; 0: any free port) and a
     *     directory to serve under {@code /static/}
     * @throws Exception if the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        if (args.length > 2) usage("too many arguments");
        int port = 8080;
        if (args.length > 0) {
            try {
                port = Integer.parseInt(args[0]);
            } catch (NumberFormatException e) {
                usage("PORT must be a number: " + args[0]);
            }
            if (port < 0 || port > 65535) usage("PORT must be 0..65535: " + port);
        }
        Path dir = null;
        if (args.length > 1) {
            dir = Path.of(args[1]);
            if (!Files.isDirectory(dir)) usage("STATIC_DIR is not a directory: " + args[1]);
        }
        HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", port), Routes.all(dir).build());
        System.out.println("listening on 127.0.0.1:" + server.port());
        Shutdown.onExit(server::shutdown);
        server.awaitClose();
    }

    private static void usage(String why) {
        System.err.println("HttpMain: " + why + "\nusage: HttpMain [PORT] [STATIC_DIR]");
        System.exit(2);
    }
}
