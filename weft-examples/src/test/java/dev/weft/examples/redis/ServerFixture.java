package dev.weft.examples.redis;

import java.io.IOException;

/** Starts Weft's Redis server for a test on a free loopback port, with 2 workers. */
final class ServerFixture {
    private ServerFixture() {}

    static RedisServer start() throws IOException {
        return start(RedisConfig.onPort(0));
    }

    static RedisServer start(RedisConfig config) throws IOException {
        return RedisServer.start(config.withWorkers(2));
    }
}
