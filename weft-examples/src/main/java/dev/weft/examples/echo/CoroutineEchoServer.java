package dev.weft.examples.echo;

import static dev.weft.Weft.await;

import dev.weft.coro.Coroutine;
import dev.weft.exec.Runtime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;

/**
 * The echo server of {@link EchoServer} written in straight-line coroutine style: a read, a write
 * and a loop, with {@code await} where the hand-written version has a state machine.
 *
 * {@snippet :
 * try (CoroutineEchoServer server = CoroutineEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
 *     EchoLoad.Result r = EchoLoad.run(server.port(), 50, Duration.ofSeconds(3));
 * }
 * }
 *
 * <p>Each connection is a stackful coroutine ({@link Coroutine#async}) spawned as a detached task
 * on a 2-worker {@link Runtime}; while a coroutine waits in {@code await} its worker runs the
 * others. {@link Coroutine#async} is never woven, so this server stays stackful in a build that
 * runs the weaver; {@link WovenEchoServer} is the same source with {@code Weft.async}, woven.
 */
public final class CoroutineEchoServer implements AutoCloseable {
    private final TcpListener listener;
    private final Runtime runtime;
    private final Task<Long> acceptor;

    private CoroutineEchoServer(TcpListener listener, Runtime runtime) {
        this.listener = listener;
        this.runtime = runtime;
        this.acceptor = runtime.spawn(acceptLoop(listener, runtime));
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static CoroutineEchoServer start(InetSocketAddress address) throws IOException {
        TcpListener l = TcpListener.bind(address);
        Runtime rt = Runtime.builder().workers(2).threadNamePrefix("coro-echo-worker-").build();
        return new CoroutineEchoServer(l, rt);
    }

    /** Accepts until the listener is closed; answers how many connections it accepted. */
    private static Future<Long> acceptLoop(TcpListener listener, Runtime runtime) {
        return Coroutine.async(() -> {
            long accepted = 0;
            while (true) {
                TcpStream s;
                try {
                    s = await(listener.accept());
                } catch (ClosedChannelException closed) { // the listener was closed: stop
                    return accepted;
                }
                accepted++;
                s.setNoDelay(true);
                runtime.spawn(echo(s)).detach();
            }
        });
    }

    /** Echoes one connection until the peer ends its output; a reset ends only this coroutine. */
    static Future<Void> echo(TcpStream s) {
        return Coroutine.async(() -> {
            try (s) {
                byte[] buf = new byte[4096];
                for (int n; (n = await(s.read(buf, 0, buf.length))) > 0; ) {
                    await(s.writeAll(buf, 0, n));
                }
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
     * Serves 127.0.0.1 on the given port until the process is stopped.
     *
     * @param args the port (default 7001)
     * @throws Exception if the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7001;
        CoroutineEchoServer s = start(new InetSocketAddress("127.0.0.1", port));
        System.out.println("Weft coroutine echo server on 127.0.0.1:" + s.port() + " (Ctrl-C to stop)");
        dev.weft.exec.BlockOn.blockOn(s.acceptor);
    }
}
