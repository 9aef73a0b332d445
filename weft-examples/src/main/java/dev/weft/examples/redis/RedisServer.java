package dev.weft.examples.redis;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.Transport;
import dev.weft.examples.Shutdown;
import dev.weft.examples.redis.command.Commands;
import dev.weft.examples.redis.command.Database;
import dev.weft.examples.redis.command.Dispatcher;
import dev.weft.examples.redis.command.Session;
import dev.weft.examples.redis.pubsub.PubSub;
import dev.weft.examples.redis.store.Keyspace;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsContexts;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Objects;
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
 * <p>One Weft {@link WeftRuntime} runs everything: the server is one task ({@link Accepting#serve})
 * per port (a plain and a TLS port with {@link #startWithTlsPort}, sharing the keyspace),
 * each connection ({@link ConnectionLoop}) a task of the server's task tracker, so a client that
 * fails ends only its own task and no connection outlives the server; expiry timers
 * ({@link TimerExpiry}) are tasks too. The keyspace is sharded ({@link Keyspace}): connections on
 * different workers contend only when their keys share a shard.
 *
 * <p>{@link #shutdown(Duration)} is graceful: connects are refused, every connection answers the
 * requests it has read and then closes (an idle one at once), and what is still running after the
 * grace is cancelled; the server's task ends once every connection task has.
 */
public final class RedisServer implements AutoCloseable {
    /** The plain port, or the TLS port when it is the only one. */
    private final TcpListener listener;
    /** The TLS port when both are served, else null. */
    private final TcpListener tlsListener;
    private final WeftRuntime runtime;
    private final Database db;
    private final Shutdown shutdown = new Shutdown();
    private final Shutdown tlsShutdown = new Shutdown();
    private final Task<Long> acceptor;

    private RedisServer(TcpListener listener, TcpListener tlsListener, WeftRuntime runtime, Database db, RedisConfig config,
            TlsAcceptor tls) {
        this.listener = listener;
        this.tlsListener = tlsListener;
        this.runtime = runtime;
        this.db = db;
        if (tlsListener != null) {
            Task<Long> plain = runtime.spawn(serve(listener, db, config, shutdown));
            Task<Long> secure = runtime.spawn(serve(tlsListener, db, config, tlsShutdown, tls));
            this.acceptor = runtime.spawn(Weft.async(() -> await(plain) + await(secure)));
        } else {
            this.acceptor = runtime.spawn(tls == null ? serve(listener, db, config, shutdown) : serve(listener, db, config, shutdown, tls));
        }
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
     * each connection a task spawned where the loop runs. Ends when {@code listener} is closed,
     * once its connections, cancelled, have ended.
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
        return serve(listener, db, config, new Shutdown());
    }

    /**
     * The server as one future that {@code shutdown} stops gracefully.
     *
     * @param listener where connections arrive
     * @param db the data
     * @param config limits and the request timeout
     * @param shutdown the order to stop, with its grace
     * @return a future of how many connections were accepted, ready once every connection ended
     */
    public static Future<Long> serve(TcpListener listener, Database db, RedisConfig config, Shutdown shutdown) {
        Dispatcher dispatcher = new Dispatcher(Commands.table(db));
        return Accepting.serve(listener, shutdown, s -> ConnectionLoop.serve(Transport.of(s),
                new ConnectionState(dispatcher, new Session(db), config.limits()), config.requestTimeout(), shutdown.token()));
    }

    /**
     * The server over TLS, as Redis 6+ serves its {@code tls-port}: each connection's handshake
     * by {@code tls}, then RESP over it ({@code redis-cli --tls}).
     *
     * @param listener where connections arrive
     * @param db the data
     * @param config limits and the request timeout
     * @param shutdown the order to stop, with its grace
     * @param tls the acceptor of each handshake (see {@link #tls})
     * @return a future of how many connections were accepted, ready once every connection ended
     */
    public static Future<Long> serve(TcpListener listener, Database db, RedisConfig config, Shutdown shutdown, TlsAcceptor tls) {
        Dispatcher dispatcher = new Dispatcher(Commands.table(db));
        return Accepting.serve(listener, shutdown, tls, t -> ConnectionLoop.serve(t,
                new ConnectionState(dispatcher, new Session(db), config.limits()), config.requestTimeout(), shutdown.token()));
    }

    /**
     * The acceptor of Redis's TLS options: {@code tls-cert-file}, {@code tls-key-file} and, when
     * given, {@code tls-ca-cert-file}, which makes client certificates required as Redis's
     * default {@code tls-auth-clients yes} does.
     *
     * {@snippet :
     * RedisServer server = RedisServer.start(RedisConfig.onPort(6390),
     *         RedisServer.tls(Path.of("redis.crt"), Path.of("redis.key"), null));
     * }
     *
     * @param certFile the server's certificate chain, PEM
     * @param keyFile its private key, PEM (PKCS#8)
     * @param caCertFile the authorities of client certificates, or null to ask for none
     * @return the acceptor
     * @throws IOException if a file cannot be read
     * @throws GeneralSecurityException if a certificate or the key does not parse
     */
    public static TlsAcceptor tls(Path certFile, Path keyFile, Path caCertFile) throws IOException, GeneralSecurityException {
        if (caCertFile == null) return TlsAcceptor.of(TlsContexts.fromPem(certFile, keyFile));
        return TlsAcceptor.of(TlsContexts.fromPem(certFile, keyFile, caCertFile)).withClientAuth(TlsAcceptor.ClientAuth.REQUIRED);
    }

    /**
     * Binds and starts serving.
     *
     * @param config where and how
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static RedisServer start(RedisConfig config) throws IOException {
        return start(config, null);
    }

    /**
     * Binds and starts serving over TLS (or plain RESP when {@code tls} is null).
     *
     * @param config where and how
     * @param tls the acceptor of each handshake ({@link #tls}), or null
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static RedisServer start(RedisConfig config, TlsAcceptor tls) throws IOException {
        WeftRuntime rt = runtime(config);
        TcpListener l = Accepting.bindOn(rt, config.address());
        return new RedisServer(l, null, rt, databaseOn(config, rt), config, tls);
    }

    /**
     * Binds a plain port and a TLS port and serves both from one runtime and one keyspace, as
     * Redis 6+ serves {@code port} and {@code tls-port} at once: a key set over one is read over
     * the other.
     *
     * {@snippet :
     * RedisServer server = RedisServer.startWithTlsPort(RedisConfig.onPort(6380), 6390,
     *         RedisServer.tls(Path.of("redis.crt"), Path.of("redis.key"), null));
     * // redis-cli -p 6380 SET k v;  redis-cli -p 6390 --tls --cacert redis.crt GET k
     * }
     *
     * @param config the plain port's address, and how both ports run
     * @param tlsPort the TLS port, on the plain port's host (0: any free port)
     * @param tls the acceptor of each TLS handshake ({@link #tls})
     * @return the running server
     * @throws IOException if an address cannot be bound (nothing is left listening then)
     */
    public static RedisServer startWithTlsPort(RedisConfig config, int tlsPort, TlsAcceptor tls) throws IOException {
        WeftRuntime rt = runtime(config);
        TcpListener plain = Accepting.bindOn(rt, config.address());
        TcpListener secure = Accepting.bindOn(rt, new InetSocketAddress(config.address().getAddress(), tlsPort));
        return new RedisServer(plain, secure, rt, databaseOn(config, rt), config, Objects.requireNonNull(tls, "tls"));
    }

    private static WeftRuntime runtime(RedisConfig config) {
        return WeftRuntime.builder().workers(config.workers()).threadNamePrefix("redis-worker-").build();
    }

    /** The keyspace and pub/sub of a server on {@code rt}: expiry timers are tasks of {@code rt}. */
    private static Database databaseOn(RedisConfig config, WeftRuntime rt) {
        Keyspace ks = new Keyspace(config.shards(), System::currentTimeMillis, new TimerExpiry(rt));
        return Database.of(ks, new PubSub(config.pubsubCapacity()));
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /**
     * @return the TLS port of a server started with {@link #startWithTlsPort}
     * @throws IOException if the server is closed
     * @throws IllegalStateException if the server serves one port only ({@link #port()})
     */
    public int tlsPort() throws IOException {
        if (tlsListener == null) throw new IllegalStateException("this server has one port, " + port() + ", and no second TLS port");
        return tlsListener.localAddress().getPort();
    }

    /** @return the server's data (for tests and tools in the same JVM) */
    public Database database() {
        return db;
    }

    /** @return the server's task, which ends once the server is shut down and its connections ended */
    public Task<Long> acceptor() {
        return acceptor;
    }

    /**
     * Shuts the server down gracefully: connects are refused from now on; each connection
     * answers every request it has read (a request half received gets its timeout to arrive),
     * then shuts its output and closes, an idle one at once; what is still running after
     * {@code grace} is cancelled. Never blocks; only the first call counts.
     *
     * {@snippet :
     * server.shutdown(Duration.ofSeconds(5));
     * Weft.blockOn(server.acceptor()); // every connection task has ended
     * }
     *
     * @param grace how long the connections may take to end on their own
     * @return the server's task: complete once every connection task has ended
     */
    public Task<Long> shutdown(Duration grace) {
        shutdown.begin(grace);
        tlsShutdown.begin(grace);
        return acceptor;
    }

    /** @return how many connection tasks are alive */
    public int connections() {
        return shutdown.connections() + tlsShutdown.connections();
    }

    /**
     * Shuts down with no grace (open connections are cancelled, which closes them), waits until
     * every connection task has ended, and stops the runtime.
     *
     * @throws IOException if closing the listener failed
     */
    @Override
    public void close() throws IOException {
        try {
            Weft.blockOn(shutdown(Duration.ZERO));
        } finally {
            listener.close();
            if (tlsListener != null) tlsListener.close();
            runtime.close();
        }
    }
}
