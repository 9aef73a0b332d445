package dev.weft.examples.redis;

import dev.weft.Weft;
import dev.weft.examples.Shutdown;
import dev.weft.net.tls.TlsAcceptor;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts a {@link RedisServer} on 127.0.0.1 and serves until the process is stopped; what
 * {@code weft-examples/run redis [PORT]} runs.
 *
 * {@snippet lang=shell :
 * weft-examples/run redis 6380    # prints: listening on 127.0.0.1:6380
 * redis-cli -p 6380 SET greeting hello
 * }
 *
 * <p>TLS as Redis 6+ takes it: {@code --tls-port PORT --tls-cert-file CERT --tls-key-file KEY}
 * (PEM; the key PKCS#8) and optionally {@code --tls-ca-cert-file CA} (then client certificates
 * are required, as Redis's {@code tls-auth-clients yes}). With {@code --port PORT} too, both ports
 * are served by one process, on one runtime, with one keyspace (a key set over one is read over
 * the other), as {@code redis-server --port 6380 --tls-port 6390 ...} does; without it, the TLS
 * port is the only one, as {@code redis-server --port 0 --tls-port ...}.
 *
 * {@snippet lang=shell :
 * weft-examples/run redis --port 6380 --tls-port 6390 --tls-cert-file cert.pem --tls-key-file key.pem
 * redis-cli -p 6380 SET greeting hello
 * redis-cli -p 6390 --tls --cacert cert.pem GET greeting    # "hello"
 * }
 *
 * <p>One line {@code listening on 127.0.0.1:<port>} is printed per port once it accepts
 * connections, the plain port's first; the TLS port's line ends with {@code (tls)} when both are
 * served. Workers: one per available processor unless {@code -Dweft.redis.workers=N}.
 * Stopped (Ctrl-C, SIGTERM), the server shuts down gracefully ({@link RedisServer#shutdown}), with
 * {@link Shutdown#ON_EXIT} of grace.
 */
public final class RedisMain {
    private RedisMain() {}

    private static final String USAGE = "usage: RedisMain [PORT] | RedisMain [--port PORT] --tls-port PORT --tls-cert-file CERT "
            + "--tls-key-file KEY [--tls-ca-cert-file CA]";

    /**
     * @param args [PORT] (default 6380; 0: any free port), or the TLS options and optionally {@code --port PORT}
     * @throws Exception if the port cannot be bound or is not a number, or a TLS file not read
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        if (args.length == 1) {
            options.put("port", args[0]);
        } else if (args.length > 1) {
            if (args.length % 2 != 0) usage("options come in pairs");
            for (int i = 0; i < args.length; i += 2) {
                if (!args[i].matches("--(port|tls-port|tls-cert-file|tls-key-file|tls-ca-cert-file)")) usage("unknown option " + args[i]);
                options.put(args[i].substring(2), args[i + 1]);
            }
        }
        String workers = System.getProperty("weft.redis.workers");
        RedisConfig config = RedisConfig.onPort(number(options.getOrDefault("port", "6380")));
        if (workers != null) config = config.withWorkers(Integer.parseInt(workers));
        RedisServer server;
        if (!options.containsKey("tls-port")) {
            if (options.size() > 1) usage("the TLS files need --tls-port");
            server = RedisServer.start(config);
            System.out.println("listening on 127.0.0.1:" + server.port());
        } else {
            if (!options.containsKey("tls-cert-file") || !options.containsKey("tls-key-file")) {
                usage("--tls-port needs --tls-cert-file and --tls-key-file");
            }
            String ca = options.get("tls-ca-cert-file");
            TlsAcceptor tls = RedisServer.tls(Path.of(options.get("tls-cert-file")), Path.of(options.get("tls-key-file")),
                    ca == null ? null : Path.of(ca));
            int tlsPort = number(options.get("tls-port"));
            if (options.containsKey("port")) {
                server = RedisServer.startWithTlsPort(config, tlsPort, tls);
                System.out.println("listening on 127.0.0.1:" + server.port());
                System.out.println("listening on 127.0.0.1:" + server.tlsPort() + " (tls)");
            } else {
                server = RedisServer.start(RedisConfig.onPort(tlsPort).withWorkers(config.workers()), tls);
                System.out.println("listening on 127.0.0.1:" + server.port());
            }
        }
        System.out.flush();
        Shutdown.onExit(server::shutdown);
        Weft.blockOn(server.acceptor());
    }

    private static int number(String portText) {
        try {
            return Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            usage("PORT must be a number, got '" + portText + "'");
            return -1; // not reached: usage exits
        }
    }

    private static void usage(String why) {
        System.err.println("RedisMain: " + why + "\n" + USAGE);
        System.exit(2);
    }
}
