package dev.weft.net;

import static dev.weft.net.EchoServer.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.internal.nio.Reactor;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.Pipe;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ReactorTest {

    @Test
    @Timeout(30)
    void readWithRetriesAfterWouldBlockUntilDataArrives() throws Exception {
        Pipe pipe = Pipe.open();
        try (Async<Pipe.SourceChannel> in = Async.of(pipe.source()); Pipe.SinkChannel out = pipe.sink()) {
            ByteBuffer dst = ByteBuffer.allocate(16);
            AtomicInteger runs = new AtomicInteger();
            Future<Integer> read = in.readWith(ch -> {
                runs.incrementAndGet();
                int n = ch.read(dst);
                return n == 0 ? null : n;
            });
            CountingWaker w = new CountingWaker();
            assertTrue(read.poll(w.cx).isPending());
            assertEquals(1, runs.get());
            assertEquals(1, in.source().waiterCount());
            out.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertTrue(w.awaitWake(Duration.ofSeconds(10)), "readability wakes the task");
            assertEquals(Poll.ready(3), read.poll(w.cx));
            assertEquals(2, runs.get());
            assertEquals(0, in.source().waiterCount(), "a completed readWith leaves no waker");
        }
    }

    @Test
    @Timeout(30)
    void writeWithRetriesUntilThePeerDrains() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream a = await(TcpStream.connect(l.localAddress()));
                TcpStream b = await(l.accept())) {
            Async<SocketChannel> io = a.channel();
            ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
            long filled = 0;
            while (true) { // fill the socket buffers until a write would block
                chunk.clear();
                int n = io.get().write(chunk);
                if (n == 0) break;
                filled += n;
            }
            ByteBuffer one = ByteBuffer.wrap(new byte[] {42});
            AtomicInteger runs = new AtomicInteger();
            Future<Integer> write = io.writeWith(ch -> {
                runs.incrementAndGet();
                int n = ch.write(one);
                return n == 0 ? null : n;
            });
            CountingWaker w = new CountingWaker();
            assertTrue(write.poll(w.cx).isPending());
            ByteBuffer sink = ByteBuffer.allocate(256 * 1024);
            long drained = 0;
            Poll<Integer> p = Poll.pending();
            while (p.isPending()) {
                sink.clear();
                drained += await(b.read(sink));
                if (w.awaitWake(Duration.ofMillis(1))) p = write.poll(w.cx);
            }
            assertEquals(Poll.ready(1), p);
            assertThat(runs.get()).isGreaterThanOrEqualTo(2);
            assertThat(drained).isPositive().isLessThanOrEqualTo(filled);
            assertEquals(0, a.waiterCount());
        }
    }

    @Test
    @Timeout(30)
    void cancelledReadinessFutureLeavesNoWakerRegistered() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream a = await(TcpStream.connect(l.localAddress()));
                TcpStream b = await(l.accept())) {
            CountingWaker w = new CountingWaker();
            Future<Void> r1 = a.readable();
            Future<Void> r2 = a.readable();
            Future<Integer> read = a.read(ByteBuffer.allocate(8));
            assertTrue(r1.poll(w.cx).isPending());
            assertTrue(r2.poll(w.cx).isPending());
            assertTrue(read.poll(w.cx).isPending());
            assertEquals(3, a.waiterCount());
            r1.cancel();
            assertEquals(2, a.waiterCount());
            read.cancel();
            assertEquals(1, a.waiterCount());
            r2.cancel();
            assertEquals(0, a.waiterCount());
            // Data now arrives: nobody is registered, so nobody is woken.
            await(b.writeAll(new byte[] {1}, 0, 1));
            assertFalse(w.awaitWake(Duration.ofMillis(200)), "a cancelled waiter must not be woken");
            assertEquals(0, w.wakes.get());
        }
    }

    @Test
    @Timeout(30)
    @SuppressWarnings("try") // closes a resource early on purpose
    void closeWakesWaitersWhoseRetryFails() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream a = await(TcpStream.connect(l.localAddress()));
                TcpStream b = await(l.accept())) {
            CountingWaker w = new CountingWaker();
            Future<Integer> read = a.read(ByteBuffer.allocate(8));
            assertTrue(read.poll(w.cx).isPending());
            a.close();
            assertTrue(w.awaitWake(Duration.ofSeconds(5)));
            assertThrows(ClosedChannelException.class, () -> read.poll(w.cx));
            assertEquals(0, a.waiterCount());
            assertThrows(ClosedChannelException.class, () -> await(a.read(ByteBuffer.allocate(8))));
            assertEquals(-1, await(b.read(ByteBuffer.allocate(8))), "the peer sees the close as end of stream");
        }
    }

    @Test
    @Timeout(30)
    void wakeupsCoalesceIntoOneTokenThatOnePollConsumes() throws Exception {
        Reactor r = new Reactor();
        Thread[] wakers = new Thread[4];
        for (int i = 0; i < wakers.length; i++) {
            wakers[i] = Thread.ofPlatform().start(() -> {
                for (int k = 0; k < 10_000; k++) r.wakeup();
            });
        }
        for (Thread t : wakers) t.join();
        long t0 = System.nanoTime();
        r.poll(-1); // the token makes this return at once instead of sleeping forever
        assertThat(System.nanoTime() - t0).isLessThan(Duration.ofSeconds(5).toNanos());
        long t1 = System.nanoTime();
        r.poll(Duration.ofMillis(50).toNanos()); // 40,000 wakes left one token, already consumed
        assertThat(System.nanoTime() - t1).isGreaterThanOrEqualTo(Duration.ofMillis(45).toNanos());
    }

    @Test
    @Timeout(30)
    void wakeupReachesAThreadBlockedInPoll() throws Exception {
        Reactor r = new Reactor();
        Thread driver = Thread.ofPlatform().start(() -> r.poll(-1));
        Conditions.await("driver blocked", Duration.ofSeconds(5), () -> driver.getState() == Thread.State.RUNNABLE);
        r.wakeup();
        driver.join(Duration.ofSeconds(10));
        assertFalse(driver.isAlive(), "wakeup() makes a blocked poll return");
    }

    @Test
    @Timeout(30)
    void closedChannelsLeaveTheSelector() throws Exception {
        Reactor global = Reactor.shared();
        int before = global.registeredCount();
        InetSocketAddress addr;
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            addr = l.localAddress();
            for (int i = 0; i < 10; i++) {
                try (TcpStream a = await(TcpStream.connect(addr)); TcpStream b = await(l.accept())) {
                    assertThat(a.localAddress()).isNotNull();
                    assertThat(b.localAddress()).isNotNull();
                }
            }
        }
        Conditions.await("keys of closed channels deregistered", Duration.ofSeconds(10),
                () -> { Reactor.shared().wakeup(); return global.registeredCount() <= before; });
    }

    @Test
    @Timeout(30)
    void cancelledAcceptLeavesNoWakerAndTheNextAcceptStillWorks() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            CountingWaker w = new CountingWaker();
            Future<TcpStream> accept = l.accept();
            assertTrue(accept.poll(w.cx).isPending());
            assertEquals(1, l.waiterCount());
            accept.cancel();
            assertEquals(0, l.waiterCount());
            try (TcpStream c = await(TcpStream.connect(l.localAddress())); TcpStream s = await(l.accept())) {
                assertEquals(c.localAddress(), s.remoteAddress());
            }
        }
    }

    @Test
    @Timeout(60)
    void connectTimesOutWhenTheListenerBacklogIsFull() throws Exception {
        java.util.List<java.nio.channels.SocketChannel> filler = new java.util.ArrayList<>();
        try (java.nio.channels.ServerSocketChannel full = java.nio.channels.ServerSocketChannel.open()) {
            full.bind(new InetSocketAddress("127.0.0.1", 0), 1); // never accepts
            Throwable timedOut = null;
            for (int i = 0; i < 32 && timedOut == null; i++) {
                try {
                    TcpStream s = await(TcpStream.connect(full.getLocalAddress(), Duration.ofMillis(300)));
                    filler.add(s.channel().get());
                } catch (java.net.SocketTimeoutException e) { // an IoFuture: caught by its own type
                    timedOut = e;
                }
            }
            assertInstanceOf(java.net.SocketTimeoutException.class, timedOut, "a full backlog drops SYNs");
        } finally {
            for (var c : filler) c.close();
        }
    }
}
