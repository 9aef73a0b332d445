package dev.weft.coro.styled;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The test echo server of {@code dev.weft.net.EchoServer} in straight-line coroutine style: the
 * accept loop is a coroutine, each connection is a coroutine that reads, writes and loops. Records
 * each connection's outcome by accept order: the number of bytes echoed, or what ended it.
 */
final class StyledEchoServer implements AutoCloseable {
    final TcpListener listener;
    final Map<Integer, Object> outcomes = new ConcurrentHashMap<>();
    final AtomicInteger accepted = new AtomicInteger();
    private final WeftRuntime runtime;

    StyledEchoServer(WeftRuntime runtime) throws IOException {
        this.runtime = runtime;
        this.listener = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0));
        runtime.spawn(acceptLoop()).detach();
    }

    InetSocketAddress address() throws IOException {
        return listener.localAddress();
    }

    private Future<Void> acceptLoop() {
        return Weft.async(() -> {
            while (true) {
                TcpStream s;
                try {
                    s = await(listener.accept());
                } catch (ClosedChannelException closed) { // the listener was closed: stop accepting
                    return null;
                }
                int id = accepted.getAndIncrement();
                runtime.spawn(serve(id, s)).detach();
            }
        });
    }

    private Future<Void> serve(int id, TcpStream s) {
        return Weft.async(() -> {
            long echoed = 0;
            try (s) {
                byte[] buf = new byte[16 * 1024];
                for (int n; (n = await(s.read(buf, 0, buf.length))) > 0; ) {
                    await(s.writeAll(buf, 0, n));
                    echoed += n;
                }
                s.shutdownOutput();
                outcomes.put(id, echoed);
            } catch (Throwable t) {
                outcomes.put(id, t);
            }
            return null;
        });
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
