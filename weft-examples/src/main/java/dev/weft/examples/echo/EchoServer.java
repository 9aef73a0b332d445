package dev.weft.examples.echo;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.exec.WeftRuntime;
import dev.weft.net.TcpListener;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * A TCP echo server on Weft: every byte a client sends comes back.
 *
 * <p>Run it standalone (serves 127.0.0.1 until stopped with Ctrl-C) and point any load generator
 * at it:
 * <pre>
 * mvn -B -q -pl weft-examples -am package -DskipTests
 * java -cp weft-core/target/classes:weft-examples/target/classes dev.weft.examples.echo.EchoServer 7000
 * </pre>
 *
 * {@snippet :
 * try (EchoServer server = EchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
 *     EchoLoad.Result r = EchoLoad.run(server.port(), 50, Duration.ofSeconds(3));
 * }
 * }
 *
 * <p>The server owns a Weft {@link WeftRuntime} with 2 workers (W6's rule: 2 worker threads). The
 * accept loop ({@link AcceptLoop}) is one task; each connection ({@link EchoConnection}) is
 * another, spawned detached: a client that resets its connection ends only its own task.
 */
public final class EchoServer implements AutoCloseable {
    private final TcpListener listener;
    private final WeftRuntime runtime;
    private final Task<Long> acceptor;

    private EchoServer(TcpListener listener, WeftRuntime runtime) {
        this.listener = listener;
        this.runtime = runtime;
        this.acceptor = runtime.spawn(new AcceptLoop(listener, runtime));
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static EchoServer start(InetSocketAddress address) throws IOException {
        WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("echo-worker-").build();
        // bound on the runtime, so the listener is the runtime's (on its poller, closed by its close)
        return new EchoServer(Accepting.bindOn(rt, address), rt);
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
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

    /**
     * Serves 127.0.0.1 on the given port until the process is stopped.
     *
     * @param args the port (default 7000)
     * @throws Exception if the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7000;
        EchoServer s = start(new InetSocketAddress("127.0.0.1", port));
        System.out.println("Weft echo server on 127.0.0.1:" + s.port() + ", " + s.runtime.poller() + " poller (Ctrl-C to stop)");
        Weft.blockOn(s.acceptor);
    }
}
