package dev.weft.examples.http;

import dev.weft.examples.Shutdown;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsContexts;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the example HTTP server on 127.0.0.1 ({@code weft-examples/run http [PORT]}) with
 * {@link Routes#all(Path)}, prints {@code listening on 127.0.0.1:<port>} once it accepts, and
 * serves until the process is stopped (Ctrl-C, SIGTERM), then shuts down gracefully
 * ({@link HttpServer#shutdown}) with {@link Shutdown#ON_EXIT} of grace. With {@code --tls CERT KEY}
 * it serves HTTPS with that PEM certificate chain and PKCS#8 key; with {@code --tls} alone, with a
 * self-signed certificate for {@code localhost} made at start ({@link SelfSigned}; its path is
 * printed, for {@code curl --cacert}).
 *
 * {@snippet :
 * // java -cp ... dev.weft.examples.http.HttpMain 8080 ./www
 * HttpMain.main(new String[] {"8080", "www"});
 * }
 */
public final class HttpMain {
    private HttpMain() {}

    /**
     * @param argv {@code [--tls [CERT KEY]] [PORT] [STATIC_DIR]}: HTTPS, the port (default 8080;
     *     0: any free port) and a directory to serve under {@code /static/}
     * @throws Exception if the port cannot be bound, or the certificate or key not read
     */
    public static void main(String[] argv) throws Exception {
        List<String> rest = new ArrayList<>(List.of(argv));
        TlsAcceptor tls = null;
        if (!rest.isEmpty() && rest.get(0).equals("--tls")) {
            rest.remove(0);
            SelfSigned.Pem pem;
            if (rest.size() >= 2 && Files.isRegularFile(Path.of(rest.get(0)))) {
                pem = new SelfSigned.Pem(Path.of(rest.remove(0)), Path.of(rest.remove(0)));
            } else {
                pem = SelfSigned.write(Files.createTempDirectory("weft-https-demo"));
                System.out.println("self-signed certificate for localhost: " + pem.cert() + " (curl --cacert " + pem.cert() + ")");
            }
            tls = HttpServer.tls(TlsContexts.fromPem(pem.cert(), pem.key()));
        }
        String[] args = rest.toArray(String[]::new);
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
        HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", port), Routes.all(dir).build(), Limits.DEFAULT, tls);
        System.out.println("listening on " + (tls == null ? "" : "https://") + "127.0.0.1:" + server.port());
        Shutdown.onExit(server::shutdown);
        server.awaitClose();
    }

    private static void usage(String why) {
        System.err.println("HttpMain: " + why + "\nusage: HttpMain [--tls [CERT.pem KEY.pem]] [PORT] [STATIC_DIR]");
        System.exit(2);
    }
}
