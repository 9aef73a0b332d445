package dev.weft.examples.redis;

import dev.weft.examples.redis.resp.RespLimits;
import dev.weft.examples.redis.store.Keyspace;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * How a {@link RedisServer} runs: where it listens, how many Weft workers it has, the protocol
 * limits, how long one request may take to arrive, and how many shards its keyspace has.
 *
 * {@snippet :
 * RedisConfig c = RedisConfig.onPort(6380).withRequestTimeout(Duration.ofSeconds(2));
 * }
 *
 * @param address where to listen
 * @param workers Weft worker threads, at least 1
 * @param limits the RESP decoder's limits
 * @param requestTimeout the longest time from the first byte of a request to its last; a client
 *     slower than that (a slowloris) is disconnected; {@code null} for no limit
 * @param shards the keyspace's shard count, a power of two
 * @param pubsubCapacity how many published messages are kept for subscribers that are behind
 */
public record RedisConfig(InetSocketAddress address, int workers, RespLimits limits, Duration requestTimeout,
                          int shards, int pubsubCapacity) {
    /** The default request timeout: 10 seconds. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

    /** Checks the values. */
    public RedisConfig {
        if (workers < 1) throw new IllegalArgumentException("workers: " + workers);
        if (requestTimeout != null && !requestTimeout.isPositive()) {
            throw new IllegalArgumentException("requestTimeout must be positive: " + requestTimeout);
        }
    }

    /**
     * @param port the port on 127.0.0.1 (0: any free one)
     * @return the defaults: a worker per available processor, {@link RespLimits#DEFAULT}, a
     *     10-second request timeout, 64 shards, 4096 pub/sub messages kept
     */
    public static RedisConfig onPort(int port) {
        return new RedisConfig(new InetSocketAddress("127.0.0.1", port), java.lang.Runtime.getRuntime().availableProcessors(),
                RespLimits.DEFAULT, DEFAULT_REQUEST_TIMEOUT, Keyspace.DEFAULT_SHARDS, 4096);
    }

    /**
     * @param n worker threads
     * @return this config with {@code n} workers
     */
    public RedisConfig withWorkers(int n) {
        return new RedisConfig(address, n, limits, requestTimeout, shards, pubsubCapacity);
    }

    /**
     * @param l the decoder's limits
     * @return this config with those limits
     */
    public RedisConfig withLimits(RespLimits l) {
        return new RedisConfig(address, workers, l, requestTimeout, shards, pubsubCapacity);
    }

    /**
     * @param t the request timeout, {@code null} for none
     * @return this config with that timeout
     */
    public RedisConfig withRequestTimeout(Duration t) {
        return new RedisConfig(address, workers, limits, t, shards, pubsubCapacity);
    }

    /**
     * @param n the shard count
     * @return this config with {@code n} shards
     */
    public RedisConfig withShards(int n) {
        return new RedisConfig(address, workers, limits, requestTimeout, n, pubsubCapacity);
    }
}
