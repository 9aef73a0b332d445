package dev.weft.examples.echo;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.exec.Runtime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The echo server of {@link CoroutineEchoServer}, the same straight-line source, but with
 * {@link Weft#async} bodies that the weaver ({@code weft-weaver}) rewrites at build time into
 * state-machine futures ({@code dev.weft.coro.WovenFuture} subclasses), as {@link EchoConnection}
 * is by hand: no virtual thread per connection and no JVM flag.
 *
 * <p>Run it standalone (serves 127.0.0.1 until stopped with Ctrl-C); {@code weft-examples}' build
 * weaves its classes, so no agent is needed:
 * <pre>
 * mvn -B -q -pl weft-examples -am package -DskipTests
 * java -cp weft-core/target/classes:weft-examples/target/classes dev.weft.examples.echo.WovenEchoServer 7002
 * </pre>
 *
 * {@snippet :
 * try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
 *     EchoLoad.Result r = EchoLoad.run(server.port(), 50, Duration.ofSeconds(3));
 * }
 * }
 *
 * <p>Each connection is a woven future spawned as a detached task on a 2-worker {@link Runtime};
 * at an {@code await} of a pending read or write it saves its live locals in its own fields and
 * returns pending, and the worker runs the others. Compiled without the weaver, the same classes
 * run as stackful coroutines (what {@link CoroutineEchoServer} does on purpose).
 */
public final class WovenEchoServer implements AutoCloseable {
    private final TcpListener listener;
    private final Runtime runtime;
    private final Task<Long> acceptor;

    private WovenEchoServer(TcpListener listener, Runtime runtime) {
        this.listener = listener;
        this.runtime = runtime;
        this.acceptor = runtime.spawn(Accepting.loop(listener, WovenEchoServer::echo));
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static WovenEchoServer start(InetSocketAddress address) throws IOException {
        TcpListener l = TcpListener.bind(address);
        Runtime rt = Runtime.builder().workers(2).threadNamePrefix("woven-echo-worker-").build();
        return new WovenEchoServer(l, rt);
    }

    /**
     * Echoes one connection until the peer ends its output. A reset or vanished peer (an
     * {@code IOException} of a read or write) ends this connection, quietly: it is the peer's
     * doing, and nothing else is affected. Cancelling it (the runtime closing) throws
     * {@link java.util.concurrent.CancellationException} at the pending {@code await}, so
     * {@code try (s)} closes the stream.
     */
    static Future<Void> echo(TcpStream s) {
        return Weft.async(() -> {
            try (s) {
                byte[] buf = new byte[4096];
                for (int n; (n = await(s.read(buf, 0, buf.length))) > 0; ) {
                    await(s.writeAll(buf, 0, n));
                }
            } catch (IOException gone) {
                // the peer reset or vanished: this connection ends, nothing else does
            }
            return null;
        });
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
     * Serves 127.0.0.1 on the given port until the process is stopped; prints
     * {@code listening on 127.0.0.1:<port>} once it accepts connections.
     *
     * @param args the port (default 7002; 0: any free port)
     * @throws Exception if the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7002;
        WovenEchoServer s = start(new InetSocketAddress("127.0.0.1", port));
        System.out.println("listening on 127.0.0.1:" + s.port());
        dev.weft.exec.BlockOn.blockOn(s.acceptor);
    }
}
