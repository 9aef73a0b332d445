package dev.weft.net;

import dev.weft.exec.internal.BlockOn;
import dev.weft.future.Future;
import dev.weft.exec.WeftRuntime;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test echo server on 127.0.0.1: an accept loop on its own thread, one task per connection on a
 * Weft runtime with 2 workers ({@link ServeConnection}: {@code copy(stream, stream)}, then shut
 * the output down). Records each connection's outcome (bytes echoed, or the exception) by accept
 * order.
 */
final class EchoServer implements AutoCloseable {
    final TcpListener listener;
    final Map<Integer, Object> outcomes = new ConcurrentHashMap<>();
    final AtomicInteger accepted = new AtomicInteger();
    private final Thread acceptor;
    private final WeftRuntime runtime = WeftRuntime.builder().workers(2).threadNamePrefix("echo-test-").build();

    EchoServer() throws IOException {
        listener = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0));
        acceptor = Thread.ofPlatform().daemon().name("echo-acceptor").start(this::acceptLoop);
    }

    InetSocketAddress address() throws IOException {
        return listener.localAddress();
    }

    private void acceptLoop() {
        while (true) {
            TcpStream s;
            try {
                s = BlockOn.blockOn(listener.accept());
            } catch (RuntimeException e) {
                if (e.getCause() instanceof ClosedChannelException) return;
                throw e;
            }
            int id = accepted.getAndIncrement();
            runtime.spawn(new ServeConnection(id, s, outcomes)).detach();
        }
    }

    static <T> T await(Future<T> f) {
        return BlockOn.blockOn(f);
    }

    @Override
    public void close() throws IOException {
        listener.close();
        runtime.close();
        try {
            acceptor.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
