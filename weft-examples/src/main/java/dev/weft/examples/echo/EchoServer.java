package dev.weft.examples.echo;

import dev.weft.exec.BlockOn;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletionException;

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
 * <p>Each connection is an {@link EchoConnection} future. Until Weft's executor is on
 * {@code main}, each runs under {@code blockOn} on a virtual thread of its own; accepting runs on
 * a platform thread.
 */
public final class EchoServer implements AutoCloseable {
    private final TcpListener listener;
    private final Thread acceptor;

    private EchoServer(TcpListener listener) {
        this.listener = listener;
        this.acceptor = Thread.ofPlatform().daemon().name("echo-accept").unstarted(this::acceptLoop);
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static EchoServer start(InetSocketAddress address) throws IOException {
        EchoServer s = new EchoServer(TcpListener.bind(address));
        s.acceptor.start();
        return s;
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    private void acceptLoop() {
        while (true) {
            TcpStream s;
            try {
                s = BlockOn.blockOn(listener.accept());
            } catch (CompletionException e) {
                if (e.getCause() instanceof ClosedChannelException) return;
                throw e;
            }
            Thread.ofVirtual().start(() -> serve(s));
        }
    }

    private static void serve(TcpStream s) {
        try (s) {
            s.setNoDelay(true);
            BlockOn.blockOn(new EchoConnection(s));
        } catch (IOException | CompletionException e) {
            // A client that resets its connection ends only that connection.
        }
    }

    /**
     * Stops accepting; connections already open run until their clients close them.
     *
     * @throws IOException if closing failed
     */
    @Override
    public void close() throws IOException {
        listener.close();
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
        System.out.println("Weft echo server on 127.0.0.1:" + s.port() + " (Ctrl-C to stop)");
        s.acceptor.join();
    }
}
