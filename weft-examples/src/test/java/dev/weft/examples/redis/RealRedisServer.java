package dev.weft.examples.redis;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code redis-server} on a free loopback port, persistence off ({@code --save ''
 * --appendonly no}), for comparisons; killed on close.
 */
final class RealRedisServer implements AutoCloseable {
    private final Process process;
    private final int port;

    private RealRedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static RealRedisServer start() throws IOException, InterruptedException {
        String server = RedisTools.require("redis-server");
        int port = RedisTools.freePort();
        Process p = new ProcessBuilder(List.of(server, "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        RealRedisServer r = new RealRedisServer(p, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) { // ready once it answers PING
            try (RespClient c = new RespClient(port)) {
                if ("PONG".equals(c.call("PING"))) return r;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline || !p.isAlive()) {
                    r.close();
                    throw new IOException("redis-server did not start on port " + port, notYet);
                }
                Thread.sleep(50);
            }
        }
    }

    int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // killed already; only the wait for its exit is cut short
        }
    }
}
