package dev.weft.examples.redis;

import dev.weft.examples.Accepting;
import dev.weft.examples.redis.command.Commands;
import dev.weft.examples.redis.command.Database;
import dev.weft.examples.redis.command.Dispatcher;
import dev.weft.examples.redis.command.Session;
import dev.weft.examples.redis.pubsub.PubSub;
import dev.weft.examples.redis.store.Keyspace;
import dev.weft.exec.Runtime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.task.Task;
import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * A Redis-protocol (RESP2) server on Weft that {@code redis-cli} and {@code redis-benchmark}
 * talk to: strings, lists, sets, hashes, expiry, pub/sub, pipelining (see {@code REDIS.md} in
 * {@code weft-examples} for the commands and limits).
 *
 * {@snippet :
 * try (RedisServer server = RedisServer.start(RedisConfig.onPort(0))) {
 *     int port = server.port(); // redis-cli -p <port> PING
 * }
 * }
 *
 * <p>One Weft {@link Runtime} runs everything: the accept loop is one task, each connection
 * ({@link ConnectionLoop}) another, spawned detached, so a client that fails ends only its own
 * task; expiry timers ({@link TimerExpiry}) are tasks too. The keyspace is sharded
 * ({@link Keyspace}): connections on different workers contend only when their keys share a shard.
 */
public final class RedisServer implements AutoCloseable {
    private final TcpListener listener;
    private final Runtime runtime;
    private final Database db;
    private final Task<Long> acceptor;

    private RedisServer(TcpListener listener, Runtime runtime, Database db, RedisConfig config) {
        this.listener = listener;
        this.runtime = runtime;
        this.db = db;
        this.acceptor = runtime.spawn(serve(listener, db, config));
    }

    /**
     * A fresh database for {@code config}: keys expire by {@code clockMillis}, and their expiry
     * timers are tasks spawned on the runtime (or simulation) that sets them.
     *
     * @param config the shard count and pub/sub capacity
     * @param clockMillis the wall clock of expiry, in milliseconds
     * @return the database
     */
    public static Database database(RedisConfig config, LongSupplier clockMillis) {
        Keyspace ks = new Keyspace(config.shards(), clockMillis, new TimerExpiry(null));
        return Database.of(ks, new PubSub(config.pubsubCapacity()));
    }

    /**
     * The server as one future, for a runtime (or a simulation) the caller owns: the accept loop,
     * each connection a task spawned where the loop runs. Ends when {@code listener} is closed.
     *
     * {@snippet :
     * Database db = RedisServer.database(config, () -> sim.clock().instant().toEpochMilli());
     * Task.spawn(RedisServer.serve(TcpListener.bind("0.0.0.0", 6379), db, config));
     * }
     *
     * @param listener where connections arrive
     * @param db the data
     * @param config limits and the request timeout
     * @return a future of how many connections were accepted
     */
    public static Future<Long> serve(TcpListener listener, Database db, RedisConfig config) {
        Dispatcher dispatcher = new Dispatcher(Commands.table(db));
        return Accepting.loop(listener,
                s -> ConnectionLoop.serve(s, new ConnectionState(dispatcher, new Session(db), config.limits()), config.requestTimeout()));
    }

    /**
     * Binds and starts serving.
     *
     * @param config where and how
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static RedisServer start(RedisConfig config) throws IOException {
        TcpListener l = TcpListener.bind(config.address());
        Runtime rt = Runtime.builder().workers(config.workers()).threadNamePrefix("redis-worker-").build();
        Keyspace ks = new Keyspace(config.shards(), System::currentTimeMillis, new TimerExpiry(rt));
        return new RedisServer(l, rt, Database.of(ks, new PubSub(config.pubsubCapacity())), config);
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /** @return the server's data (for tests and tools in the same JVM) */
    public Database database() {
        return db;
    }

    /** @return the task of the accept loop, which ends when the server is closed */
    public Task<Long> acceptor() {
        return acceptor;
    }

    /**
     * Stops accepting and stops the runtime (open connections are cancelled, which closes them).
     *
     * @throws IOException if closing the listener failed
     */
    @Override
    public void close() throws IOException {
        listener.close();
        runtime.close();
    }
}
