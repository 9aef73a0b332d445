package dev.weft.net.tls;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TLS server for the tests on 127.0.0.1: an accept loop and a task per connection on a runtime
 * of its own (2 workers, threads {@code tls-test-*}), each connection's handshake by the acceptor
 * and then the handler. What each connection ended with (the handler's answer, or what was
 * thrown) goes to {@link #outcome()}, in the order they end.
 */
final class TlsTestServer implements AutoCloseable {
    /** What a connection does after its handshake; {@code raw} is the TCP stream under {@code tls}. */
    @FunctionalInterface
    interface Handler {
        Object serve(TlsStream tls, TcpStream raw) throws Exception;
    }

    static final String PREFIX = "tls-test-";

    final WeftRuntime runtime = WeftRuntime.builder().workers(2).threadNamePrefix(PREFIX).build();
    final TcpListener listener;
    private final BlockingQueue<Object> outcomes = new LinkedBlockingQueue<>();

    TlsTestServer(TlsAcceptor acceptor, Handler handler) throws IOException {
        listener = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0));
        runtime.spawn(Weft.async(() -> {
            while (true) {
                TcpStream c = await(listener.accept());
                Task.spawn(Weft.async(() -> {
                    try (TlsStream tls = await(acceptor.accept(c))) {
                        outcomes.add(handler.serve(tls, c));
                    } catch (Throwable t) {
                        outcomes.add(t);
                    }
                    return null;
                })).detach();
            }
        })).detach();
    }

    int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /** @return a TCP connection to this server */
    TcpStream connectTcp() throws IOException {
        return await(TcpStream.connect(listener.localAddress()));
    }

    /** @return the next connection's outcome; fails the test after 20 s */
    Object outcome() throws InterruptedException {
        Object o = outcomes.poll(20, TimeUnit.SECONDS);
        if (o == null) throw new AssertionError("no connection ended within 20 s");
        return o;
    }

    @Override
    public void close() throws IOException {
        listener.close();
        runtime.close();
    }
}
