package dev.weft.examples;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.scope.CancellationToken;
import dev.weft.scope.TaskTracker;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The order to shut a server down, and what the shutdown waits for. {@link #begin(Duration)}
 * gives the order once, from any thread: the server's {@linkplain #token() token} is cancelled,
 * which stops the accept loop ({@link Accepting#serve}) and tells each connection to end once
 * nothing is in flight on it (an idle connection ends at once), and the connections still alive
 * get {@link #grace()} to do so before they are cancelled.
 *
 * {@snippet :
 * Shutdown shutdown = new Shutdown();
 * Task<Long> server = rt.spawn(Accepting.serve(listener, shutdown, s -> serve(s, shutdown.token())));
 * // later, from any thread:
 * shutdown.begin(Duration.ofSeconds(5)); // no more connections; those in flight get 5 s
 * rt.blockOn(server);                    // returns once every connection task has ended
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field        meaning                                           who writes it
 * grace        null until begin(), then its grace               begin(), once (CAS)
 * token        cancelled by begin() after grace is set,          begin(), or the accept loop
 *              or by the accept loop when it ends                when its listener closed
 * connections  the tracker of the server's connection tasks      the accept loop, once, before
 *              (null before the server runs)                     it spawns any (volatile)
 * </pre>
 *
 * <p>Memory consistency effects: the grace is set before the token is cancelled, so code that
 * sees the token cancelled (the accept loop) reads the grace given.
 */
public final class Shutdown {
    /** The grace the servers' {@code main}s give their connections when the process is stopped. */
    public static final Duration ON_EXIT = Duration.ofSeconds(5);

    private final CancellationToken token = CancellationToken.create();
    private final AtomicReference<Duration> grace = new AtomicReference<>();
    private volatile TaskTracker connections;

    /** A shutdown not yet begun. */
    public Shutdown() {}

    /**
     * Begins the shutdown: the server accepts no more connections, each connection ends once it
     * has nothing in flight, and those still alive after {@code grace} are cancelled. Only the
     * first call counts; it never blocks.
     *
     * @param grace how long the connections alive may take to end on their own
     * @return whether this call began it (false: it had begun already, with its own grace)
     */
    public boolean begin(Duration grace) {
        if (!this.grace.compareAndSet(null, Objects.requireNonNull(grace, "grace"))) return false;
        token.cancel();
        return true;
    }

    /**
     * @return the token cancelled when the shutdown begins: the accept loop runs until it, and
     *     each connection watches it to end once idle
     */
    public CancellationToken token() {
        return token;
    }

    /** @return the grace given to {@link #begin}, or zero if it was not called (the listener was closed) */
    public Duration grace() {
        Duration g = grace.get();
        return g == null ? Duration.ZERO : g;
    }

    /** @return how many connection tasks of the server are alive (what the shutdown still waits for) */
    public int connections() {
        TaskTracker t = connections;
        return t == null ? 0 : t.active();
    }

    /** The accept loop's tracker, handed over once before its first spawn. */
    void track(TaskTracker tracker) {
        connections = tracker;
    }

    /**
     * Makes stopping the process (Ctrl-C, SIGTERM) a graceful shutdown: a JVM shutdown hook
     * begins it with {@link #ON_EXIT} of grace and waits until the server's task has ended.
     *
     * {@snippet :
     * Shutdown.onExit(server::shutdown);
     * }
     *
     * @param shutdown begins a server's shutdown with the grace given and returns the server's task
     */
    public static void onExit(Function<Duration, ? extends Future<?>> shutdown) {
        java.lang.Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Weft.blockOn(shutdown.apply(ON_EXIT));
            } catch (Exception ended) {
                // the server failed or was cancelled: it has ended either way, and the process exits
            }
        }, "graceful-shutdown"));
    }
}
