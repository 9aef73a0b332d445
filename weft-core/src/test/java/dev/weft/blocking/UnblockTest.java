package dev.weft.blocking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnblockTest {
    private final BlockingPool pool = BlockingPool.create(8, Duration.ofSeconds(2), "unblock-test");

    /** Reads everything (a tiny local helper; dev.weft.io's helpers belong to another layer). */
    static byte[] readAll(AsyncRead r, int bufSize) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(bufSize);
        while (true) {
            buf.clear();
            int n = Weft.blockOn(cx -> r.pollRead(cx, buf));
            if (n < 0) return out.toByteArray();
            out.write(buf.array(), 0, n);
        }
    }

    static void writeAll(AsyncWrite w, byte[] data, int chunk) throws Exception {
        ByteBuffer src = ByteBuffer.wrap(data);
        while (src.hasRemaining()) {
            ByteBuffer part = src.slice(src.position(), Math.min(chunk, src.remaining()));
            while (part.hasRemaining()) {
                int n = Weft.blockOn(cx -> w.pollWrite(cx, part));
                src.position(src.position() + n);
            }
        }
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void readerDeliversEveryByteThroughASmallPipe() throws Exception {
        byte[] data = random(1_000_000, 1);
        try (UnblockReader r = Unblock.reader(new ByteArrayInputStream(data), 4096, pool)) {
            assertThat(readAll(r, 1000)).isEqualTo(data);
        }
    }

    @Test
    void readerSurfacesTheStreamFailureAfterTheBytesBeforeIt() throws Exception {
        InputStream failing = new InputStream() {
            int left = 10;

            @Override
            public int read() throws IOException {
                if (left-- > 0) return 'x';
                throw new IOException("disk gone");
            }
        };
        UnblockReader r = Unblock.reader(failing, 64, pool);
        ByteBuffer buf = ByteBuffer.allocate(100);
        int got = 0;
        Throwable failure = null;
        try {
            while (true) {
                int n = Weft.blockOn(cx -> r.pollRead(cx, buf));
                if (n < 0) break;
                got += n;
            }
        } catch (IOException e) { // the lambda's pollRead throws IOException: a typed blockOn
            failure = e;
        }
        assertThat(got).isEqualTo(10);
        assertThat(failure).isInstanceOf(IOException.class).hasMessage("disk gone");
    }

    @Test
    void writerWritesFlushesAndClosesTheStream() throws Exception {
        byte[] data = random(700_000, 2);
        boolean[] closed = {false};
        int[] flushes = {0};
        ByteArrayOutputStream sink = new ByteArrayOutputStream() {
            @Override
            public void flush() {
                flushes[0]++;
            }

            @Override
            public void close() {
                closed[0] = true;
            }
        };
        UnblockWriter w = Unblock.writer(sink, 8192, pool);
        writeAll(w, data, 10_000);
        Weft.<Void>blockOn(w::pollFlush);
        assertThat(flushes[0]).isGreaterThanOrEqualTo(1);
        synchronized (sink) {
            assertThat(sink.size()).isEqualTo(data.length); // flushed: everything reached the stream
        }
        Weft.<Void>blockOn(w::pollShutdown);
        assertThat(closed[0]).isTrue();
        assertThat(sink.toByteArray()).isEqualTo(data);
        assertThatThrownBy(() -> Weft.blockOn(cx -> w.pollWrite(cx, ByteBuffer.wrap(new byte[1]))))
                .isInstanceOf(IOException.class).hasMessageContaining("shut down");
    }

    @Test
    void writerSurfacesTheStreamFailure() {
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("full");
            }
        };
        UnblockWriter w = Unblock.writer(failing, 64, pool);
        assertThatThrownBy(() -> {
            writeAll(w, new byte[10_000], 100);
            Weft.<Void>blockOn(w::pollShutdown);
        }).hasMessage("full");
    }

    @Test
    void pendingReadIsWokenWhenBytesArrive() throws Exception {
        java.io.PipedOutputStream feed = new java.io.PipedOutputStream();
        java.io.PipedInputStream in = new java.io.PipedInputStream(feed);
        UnblockReader r = Unblock.reader(in, 64, pool);
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                for (int i = 0; i < 100; i++) feed.write(i);
                feed.close();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        byte[] got = readAll(r, 7);
        t.join();
        assertThat(got).hasSize(100);
        for (int i = 0; i < 100; i++) assertThat(got[i]).isEqualTo((byte) i);
        int end = Weft.<Integer>blockOn(cx -> r.pollRead(cx, ByteBuffer.allocate(1)));
        assertThat(end).isEqualTo(-1);
    }
}
