package dev.weft.examples.redis;

import dev.weft.Weft;
import dev.weft.examples.Shutdown;

/**
 * Starts a {@link RedisServer} on 127.0.0.1 and serves until the process is stopped; what
 * {@code weft-examples/run redis [PORT]} runs.
 *
 * {@snippet lang=shell :
 * weft-examples/run redis 6380    # prints: listening on 127.0.0.1:6380
 * redis-cli -p 6380 SET greeting hello
 * }
 *
 * <p>The one line {@code listening on 127.0.0.1:<port>} is printed once the port accepts
 * connections. Workers: one per available processor unless {@code -Dweft.redis.workers=N}.
 * Stopped (Ctrl-C, SIGTERM), the server shuts down gracefully ({@link RedisServer#shutdown}), with
 * {@link Shutdown#ON_EXIT} of grace.
 */
public final class RedisMain {
    private RedisMain() {}

    /**
     * @param args [PORT] (default 6380; 0: any free port)
     * @throws Exception if the port cannot be bound or is not a number
     */
    public static void main(String[] args) throws Exception {
        if (args.length > 1) {
            System.err.println("usage: RedisMain [PORT]");
            System.exit(2);
        }
        int port;
        try {
            port = args.length == 1 ? Integer.parseInt(args[0]) : 6380;
        } catch (NumberFormatException e) {
            System.err.println("RedisMain: PORT must be a number, got '" + args[0] + "'");
            System.exit(2);
            return;
        }
        RedisConfig config = RedisConfig.onPort(port);
        String workers = System.getProperty("weft.redis.workers");
        if (workers != null) config = config.withWorkers(Integer.parseInt(workers));
        RedisServer server = RedisServer.start(config);
        System.out.println("listening on 127.0.0.1:" + server.port());
        System.out.flush();
        Shutdown.onExit(server::shutdown);
        Weft.blockOn(server.acceptor());
    }
}
