package dev.weft.net;

import static dev.weft.net.EchoServer.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.time.Time;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BackpressureTest {

    @Test
    @Timeout(30)
    void writerToAPeerThatNeverReadsStaysPendingWithBoundedMemoryAndCanBeCancelledOrTimedOut() throws Exception {
        int total = 64 * 1024 * 1024;
        ByteBuffer src = ByteBuffer.allocate(total);
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream writer = await(TcpStream.connect(l.localAddress()));
                TcpStream neverReads = await(l.accept())) {
            Future<Void> writeAll = writer.writeAll(src);
            CountingWaker w = new CountingWaker();
            // Poll while woken: the kernel buffers fill up, then the future stays pending.
            Poll<Void> p = writeAll.poll(w.cx);
            while (p.isPending() && w.awaitWake(Duration.ofMillis(300))) p = writeAll.poll(w.cx);
            assertTrue(p.isPending(), "a writer whose peer never reads cannot finish");
            assertThat((long) src.position()).as("bytes in the kernel's socket buffers").isPositive().isLessThan(total / 2);
            assertEquals(1, writer.waiterCount(), "the pending writer waits for writability");
            long heapBefore = usedHeap();
            for (int i = 0; i < 20; i++) {
                assertTrue(writeAll.poll(w.cx).isPending());
            }
            // The kernel may still grow its buffers a little (autotuning), but nothing like the 64 MB.
            assertThat(src.position()).as("bytes taken without a reader").isLessThan(total / 2);
            assertThat(usedHeap() - heapBefore).as("polling a blocked writer does not buffer").isLessThan(8L << 20);
            writeAll.cancel();
            assertEquals(0, writer.waiterCount(), "cancel leaves no waker registered");
            w.drain();
            // The same stuck writer under a time limit: the timeout cancels it, which deregisters.
            assertThrows(TimeoutException.class, () -> await(Time.timeout(writer.writeAll(src), Duration.ofMillis(200))));
            assertEquals(0, writer.waiterCount(), "a timed-out writer leaves no waker registered");
            assertThat(neverReads.localAddress()).isNotNull();
        }
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
