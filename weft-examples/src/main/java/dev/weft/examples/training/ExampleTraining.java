package dev.weft.examples.training;

import dev.weft.net.IoPoller;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The training run of an example server's ahead-of-time cache: starts the server in this JVM on
 * 127.0.0.1, drives it with clients of its own protocol ({@link TrainingClient}) for a while on
 * each poller this JVM can use (native epoll when native access is enabled on Linux, then NIO's
 * selector), shuts it down gracefully, and exits, so that a JVM started with
 * {@code -XX:AOTCacheOutput=<file>} writes a cache of the classes the server loaded and linked and
 * of the method profiles it gathered: the scheduler, the reactor of each poller, the woven
 * connection bodies, the timers (request deadlines, key expiry) and the channels (the chat's
 * outboxes). {@code weft-examples/run --aot NAME} runs it through {@code tools/aot-cache}.
 *
 * {@snippet lang=shell :
 * java -XX:AOTCacheOutput=echo.aot --enable-native-access=ALL-UNNAMED \
 *     -cp weft-core.jar:weft-examples.jar dev.weft.examples.training.ExampleTraining echo 3000
 * java -XX:AOTCache=echo.aot --enable-native-access=ALL-UNNAMED \
 *     -cp weft-core.jar:weft-examples.jar dev.weft.examples.echo.WovenEchoServer 7000
 * }
 */
public final class ExampleTraining {
    private static final int CLIENTS = 16;

    private ExampleTraining() {}

    /**
     * @param args {@code NAME [MILLIS]}: the server (echo, redis, http or chat) and how long to
     *     drive it on each poller (default 3000)
     * @throws Exception if the server failed to start or answered wrongly
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: ExampleTraining echo|redis|http|chat [MILLIS]");
            System.exit(2);
        }
        Duration each = Duration.ofMillis(args.length > 1 ? Long.parseLong(args[1]) : 3000);
        for (IoPoller poller : pollers()) {
            System.setProperty(IoPoller.PROPERTY, poller.name().toLowerCase(Locale.ROOT));
            long exchanges;
            try (TrainedServer server = TrainedServer.start(args[0])) {
                exchanges = TrainingClient.drive(args[0], server.port(), CLIENTS, each);
                server.stop(Duration.ofSeconds(1));
            }
            System.out.printf("trained %s on %s: %d exchanges in %d ms%n", args[0], poller, exchanges, each.toMillis());
        }
        System.exit(0); // the JVM writes the cache on its way out
    }

    /** The pollers a server of this JVM can run on, native epoll first. */
    private static List<IoPoller> pollers() {
        List<IoPoller> pollers = new ArrayList<>();
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        if (linux && IoPoller.class.getModule().isNativeAccessEnabled()) pollers.add(IoPoller.EPOLL);
        pollers.add(IoPoller.NIO);
        return pollers;
    }
}
