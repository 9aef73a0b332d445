package dev.weft.net;

import static dev.weft.net.EchoServer.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Poll;
import dev.weft.net.internal.nio.Reactor;
import dev.weft.net.internal.nio.Source;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rows of {@link Source}'s state table and {@code NioStream}'s readiness cache, one by one. The
 * Source tests drive a reactor of their own by hand ({@code poll}), so each select is explicit.
 */
class ReadinessProtocolTest {
    private static final long POLL_BOUND = Duration.ofSeconds(5).toNanos();

    // Each test's fixture: a reactor of its own, a pipe whose read end is registered with it (the
    // Source tests), and a waker (all tests).
    private final Reactor r = new Reactor();
    private final Pipe pipe = Pipe.open();
    private final Pipe.SourceChannel in = pipe.source();
    private final Pipe.SinkChannel out = pipe.sink();
    private final Source s = r.register(in);
    private final Object owner = new Object();
    private final CountingWaker w = new CountingWaker();

    ReadinessProtocolTest() throws IOException {}

    @AfterEach
    void closePipe() throws IOException {
        in.close();
        out.close();
    }

    @Test
    @Timeout(30)
    void anEventThatWokeAWaiterKeepsTheDirectionArmedAndAReportNobodyWaitedForDisarmsIt() throws Exception {
        assertEquals(0, s.interestOps(), "idle: not armed");
        assertTrue(s.register(Source.READ, owner, w));
        assertEquals(SelectionKey.OP_READ, s.interestOps(), "waiting: armed");
        out.write(ByteBuffer.wrap(new byte[] {1}));
        r.poll(POLL_BOUND);
        assertEquals(1, w.wakes.get(), "the report woke the waiter");
        assertEquals(0, s.waiterCount());
        assertEquals(SelectionKey.OP_READ, s.interestOps(), "armed without waiters after a wake");
        assertFalse(s.rewait(Source.READ, owner, w), "the event took the slot");
        r.poll(POLL_BOUND); // the byte is still unread: reported again, nobody waits: stale
        assertEquals(1, w.wakes.get());
        assertEquals(SelectionKey.OP_READ, s.interestOps(), "stale: settled by the next poll");
        r.poll(0);
        assertEquals(0, s.interestOps(), "a report nobody waited for until the next poll disarms");
        // Waiting again re-arms; the level-triggered selector reports the unread byte at once.
        assertTrue(s.register(Source.READ, owner, w));
        assertTrue(s.rewait(Source.READ, owner, w), "still waiting until the next select");
        r.poll(POLL_BOUND);
        assertEquals(2, w.wakes.get(), "bytes that came before the registration still wake it");
    }

    @Test
    @Timeout(30)
    void aCancelledWaiterLeavesTheDirectionArmedUntilItsNextReportAndIsNotWoken() throws Exception {
        assertTrue(s.register(Source.READ, owner, w));
        r.poll(0); // applies the interest
        s.deregister(Source.READ, owner);
        assertEquals(SelectionKey.OP_READ, s.interestOps());
        out.write(ByteBuffer.wrap(new byte[] {1}));
        r.poll(POLL_BOUND);
        assertEquals(0, w.wakes.get(), "a cancelled waiter is never woken");
        r.poll(0);
        assertEquals(0, w.wakes.get());
        assertEquals(0, s.interestOps(), "the report disarmed the direction at the next poll");
    }

    @Test
    @Timeout(30)
    void aWaiterThatComesBackBeforeTheNextPollKeepsAStaleDirectionArmed() throws Exception {
        assertTrue(s.register(Source.READ, owner, w));
        out.write(ByteBuffer.wrap(new byte[] {1}));
        r.poll(POLL_BOUND); // wakes the waiter
        r.poll(POLL_BOUND); // the woken task has not read yet: stale
        assertEquals(1, w.wakes.get());
        assertEquals(1, in.read(ByteBuffer.allocate(8)), "the task reads...");
        assertTrue(s.register(Source.READ, owner, w), "...and waits again before the next poll");
        r.poll(0); // settles: somebody waits, so the direction stays armed
        assertEquals(SelectionKey.OP_READ, s.interestOps());
        assertEquals(1, w.wakes.get(), "nothing to read: not woken");
        out.write(ByteBuffer.wrap(new byte[] {2}));
        r.poll(POLL_BOUND);
        assertEquals(2, w.wakes.get(), "the next byte wakes it");
    }

    @Test
    @Timeout(30)
    void interestQueuedWhileTheDriverSleepsWakesItAndTakesEffect() throws Exception {
        out.write(ByteBuffer.wrap(new byte[] {1})); // readable before anybody waits
        Thread driver = Thread.ofPlatform().start(() -> {
            while (w.wakes.get() == 0) r.poll(-1);
        });
        Conditions.await("driver blocked in select", Duration.ofSeconds(5), () -> driver.getState() == Thread.State.RUNNABLE);
        assertTrue(s.register(Source.READ, new Object(), w)); // queued for the sleeping driver
        assertTrue(w.awaitWake(Duration.ofSeconds(10)), "the driver applied the interest and saw the byte");
        driver.join(Duration.ofSeconds(10));
        assertFalse(driver.isAlive());
    }

    @Test
    @Timeout(30)
    void aShortReadSkipsTheNextReadYetBytesThatCameRightAfterStillWakeTheReader() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream a = await(TcpStream.connect(l.localAddress()));
                TcpStream b = await(l.accept())) {
            await(b.writeAll(new byte[] {1, 2, 3}, 0, 3));
            ByteBuffer dst = ByteBuffer.allocate(64);
            Poll<Integer> first = Poll.pending();
            while (first.isPending()) { // the bytes may still be on their way
                first = a.pollRead(w.cx, dst);
                if (first.isPending()) assertTrue(w.awaitWake(Duration.ofSeconds(10)));
            }
            assertEquals(Poll.ready(3), first, "a short read: the receive buffer is empty now");
            await(b.writeAll(new byte[] {4, 5}, 0, 2));
            awaitReadable(a);
            w.drain();
            assertTrue(a.pollRead(w.cx, dst).isPending(), "after a short read, the next poll waits without reading");
            assertTrue(w.awaitWake(Duration.ofSeconds(10)), "the unread bytes are reported: no wake-up lost");
            assertEquals(Poll.ready(2), a.pollRead(w.cx, dst));
            assertEquals(5, dst.position());
            assertEquals(0, a.waiterCount());
        }
    }

    @Test
    @Timeout(30)
    void aReadThatFillsTheBufferReadsAgainAtOnce() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream a = await(TcpStream.connect(l.localAddress()));
                TcpStream b = await(l.accept())) {
            await(b.writeAll(new byte[] {1, 2, 3, 4}, 0, 4));
            awaitReadable(a);
            ByteBuffer two = ByteBuffer.allocate(2);
            assertEquals(Poll.ready(2), a.pollRead(w.cx, two), "a full read: more may be there");
            two.clear();
            assertEquals(Poll.ready(2), a.pollRead(w.cx, two), "so the next poll reads without waiting");
            assertEquals(0, w.wakes.get());
        }
    }

    /** Waits (bounded) until the reactor reports {@code s} readable, through a readable() future. */
    private static void awaitReadable(TcpStream s) throws Exception {
        CountingWaker probe = new CountingWaker();
        dev.weft.future.Future<Void> readable = s.readable();
        while (readable.poll(probe.cx).isPending()) {
            assertTrue(probe.awaitWake(Duration.ofSeconds(10)), "bytes arrived");
        }
    }
}
