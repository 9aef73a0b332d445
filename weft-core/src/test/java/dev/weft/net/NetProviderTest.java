package dev.weft.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.internal.Drivers;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.DatagramEndpoint;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.NetProvider;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The sockets of {@code dev.weft.net} over a {@link NetProvider} found among the runtime's drivers:
 * a fake provider here (the simulation's network is the real user), installed on a thread that
 * owns drivers as a worker does.
 */
class NetProviderTest {

    /** A listener whose accepts follow a script: an exception to throw, or a stream to return. */
    static final class ScriptedListener implements ListenerEndpoint {
        final ArrayDeque<Object> script = new ArrayDeque<>();
        int accepts;
        final List<Object> waiting = new ArrayList<>();

        @Override
        public StreamEndpoint accept() throws IOException {
            accepts++;
            Object next = script.poll();
            if (next instanceof IOException e) throw e;
            return (StreamEndpoint) next;
        }

        @Override
        public boolean register(Object owner, Waker waker) {
            waiting.add(owner);
            return true;
        }

        @Override
        public void deregister(Object owner) {
            waiting.remove(owner);
        }

        @Override
        public SocketAddress localAddress() {
            return new InetSocketAddress("10.0.0.1", 80);
        }

        @Override
        public int waiterCount() {
            return waiting.size();
        }

        @Override
        public void close() {}
    }

    /** A stream that only knows its name. */
    record NamedStream(String name) implements StreamEndpoint {
        @Override
        public Poll<Integer> pollRead(Context cx, ByteBuffer dst) {
            return Poll.ready(-1);
        }

        @Override
        public Poll<Integer> pollWrite(Context cx, ByteBuffer src) {
            int n = src.remaining();
            src.position(src.limit());
            return Poll.ready(n);
        }

        @Override
        public Poll<Void> pollShutdown(Context cx) {
            return Poll.ready(null);
        }

        @Override
        public void shutdownOutput() {}

        @Override
        public IoFuture<Void> readable() {
            return cx -> Poll.ready(null);
        }

        @Override
        public IoFuture<Void> writable() {
            return cx -> Poll.ready(null);
        }

        @Override
        public SocketAddress localAddress() {
            return new InetSocketAddress("10.0.0.2", 5000);
        }

        @Override
        public SocketAddress remoteAddress() {
            return new InetSocketAddress("10.0.0.1", 80);
        }

        @Override
        public <T> T getOption(SocketOption<T> name) {
            throw new UnsupportedOperationException(name.name());
        }

        @Override
        public <T> void setOption(SocketOption<T> name, T value) {}

        @Override
        public void deregister(int dir) {}

        @Override
        public int waiterCount() {
            return 0;
        }

        @Override
        public void close() {}
    }

    /** A provider that serves one scripted listener and connects to named streams at once. */
    static final class FakeNet implements NetProvider {
        final ScriptedListener listener = new ScriptedListener();
        final List<SocketAddress> connects = new ArrayList<>();

        @Override
        public ListenerEndpoint bind(SocketAddress local, int backlog) {
            return listener;
        }

        @Override
        public IoFuture<StreamEndpoint> connect(SocketAddress remote) {
            connects.add(remote);
            return cx -> Poll.ready(new NamedStream("to " + remote));
        }

        @Override
        public DatagramEndpoint bindDatagram(SocketAddress local) {
            throw new UnsupportedOperationException("no UDP in this fake");
        }
    }

    /** Runs {@code body} on a thread that owns drivers holding {@code net}, as a worker would. */
    static <T> T onOwner(NetProvider net, Callable<T> body) throws Exception {
        Drivers drivers = Drivers.builder().put(NetProvider.KEY, net).build();
        AtomicReference<Object> out = new AtomicReference<>();
        final class Owner extends Thread implements Drivers.Owner {
            Owner() {
                super(() -> {
                    try {
                        out.set(body.call());
                    } catch (Throwable t) {
                        out.set(t);
                    }
                });
            }

            @Override
            public Drivers drivers() {
                return drivers;
            }
        }
        Owner t = new Owner();
        t.start();
        t.join(Duration.ofSeconds(30));
        assertThat(t.isAlive()).as("the owner thread finished").isFalse();
        if (out.get() instanceof Exception e) throw e;
        if (out.get() instanceof Error e) throw e;
        @SuppressWarnings("unchecked")
        T result = (T) out.get();
        return result;
    }

    @Test
    void aProvidersPassingAcceptErrorPausesAndRetriesAsTheRealListenersDoes() throws Exception {
        FakeNet net = new FakeNet();
        net.listener.script.add(new IOException("Too many open files"));
        net.listener.script.add(new IOException("Too many open files"));
        net.listener.script.add(new NamedStream("accepted"));
        TcpStream s = onOwner(net, () -> {
            TcpListener l = TcpListener.bind(new InetSocketAddress(80));
            CountingWaker w = new CountingWaker();
            IoFuture<TcpStream> accept = l.accept();
            assertThat(accept.poll(w.cx).isPending()).as("the first error pauses the accept").isTrue();
            assertThat(net.listener.accepts).isEqualTo(1);
            assertThat(l.acceptErrors()).isEqualTo(1);
            while (true) {
                assertThat(w.awaitWake(Duration.ofSeconds(10))).as("the pause ends with a wake").isTrue();
                if (accept.poll(w.cx) instanceof Poll.Ready<TcpStream>(TcpStream done)) {
                    assertThat(l.acceptErrors()).isEqualTo(2);
                    assertThat(net.listener.accepts).as("one accept per pause, no spin").isEqualTo(3);
                    return done;
                }
            }
        });
        assertThat(s.toString()).contains("accepted");
    }

    @Test
    void aProvidersOtherAcceptErrorFailsThatAcceptOnly() throws Exception {
        FakeNet net = new FakeNet();
        net.listener.script.add(new java.net.SocketException("Connection reset"));
        onOwner(net, () -> {
            TcpListener l = TcpListener.bind(new InetSocketAddress(80));
            CountingWaker w = new CountingWaker();
            assertThatThrownBy(() -> l.accept().poll(w.cx)).isInstanceOf(java.net.SocketException.class);
            IoFuture<TcpStream> next = l.accept();
            assertThat(next.poll(w.cx).isPending()).isTrue();
            assertThat(l.waiterCount()).isEqualTo(1);
            next.cancel();
            assertThat(l.waiterCount()).as("a cancelled accept leaves no waiter").isZero();
            assertThat(l.acceptErrors()).isZero();
            return null;
        });
    }

    @Test
    void connectGoesToTheProviderAndHostNamesReachItUnresolved() throws Exception {
        FakeNet net = new FakeNet();
        onOwner(net, () -> {
            CountingWaker w = new CountingWaker();
            Poll<TcpStream> a = TcpStream.connect(new InetSocketAddress("10.0.0.1", 80)).poll(w.cx);
            Poll<TcpStream> b = TcpStream.connect("server", 6379).poll(w.cx);
            Poll<TcpStream> c = TcpStream.connect(new InetSocketAddress("10.0.0.1", 81), Duration.ofSeconds(1)).poll(w.cx);
            assertThat(a.isReady() && b.isReady() && c.isReady()).isTrue();
            return null;
        });
        assertThat(net.connects).hasSize(3);
        InetSocketAddress named = (InetSocketAddress) net.connects.get(1);
        assertThat(named.isUnresolved()).as("no DNS lookup before the provider").isTrue();
        assertThat(named.getHostString()).isEqualTo("server");
        assertThat(named.getPort()).isEqualTo(6379);
    }

    @Test
    void aProvidedStreamHasNoChannelAndSaysSo() throws Exception {
        FakeNet net = new FakeNet();
        TcpStream s = onOwner(net, () -> {
            Poll<TcpStream> p = TcpStream.connect(new InetSocketAddress("10.0.0.1", 80)).poll(new CountingWaker().cx);
            return ((Poll.Ready<TcpStream>) p).value();
        });
        assertThatThrownBy(s::channel)
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("has no NIO channel");
        assertThat(s.remoteAddress()).isEqualTo(new InetSocketAddress("10.0.0.1", 80));
    }

    @Test
    void withoutAProviderTheRealNetworkIsUsed() throws Exception {
        try (TcpListener l = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0), 16)) {
            assertThat(l.localAddress().getPort()).isPositive();
            assertThat(l.toString()).contains("ServerSocketChannel");
        }
    }
}
