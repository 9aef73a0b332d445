package dev.weft.io;

import static dev.weft.Weft.blockOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.future.AsyncStream;
import dev.weft.future.Poll;
import dev.weft.testkit.MemoryWriter;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class AsyncIoTest {

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 131 + (i >>> 8));
        return b;
    }

    @Test
    void readExactFillsTheBufferAcrossPendingReads() throws Exception {
        byte[] data = bytes(1000);
        ChunkedReader r = new ChunkedReader(data, 7);
        byte[] got = new byte[600];
        blockOn(AsyncIo.readExact(r, got, 0, 600));
        assertArrayEquals(java.util.Arrays.copyOf(data, 600), got);
        assertThat(r.pendings).isGreaterThan(80);
    }

    @Test
    void readExactPastTheEndThrowsEof() {
        ChunkedReader r = new ChunkedReader(bytes(10), 4);
        assertThrows(EOFException.class, () -> blockOn(AsyncIo.readExact(r, new byte[11], 0, 11)));
    }

    @Test
    void readToEndReturnsEveryByte() throws Exception {
        byte[] data = bytes(100_000);
        assertArrayEquals(data, blockOn(AsyncIo.readToEnd(new ChunkedReader(data, 3000))));
        assertArrayEquals(new byte[0], blockOn(AsyncIo.readToEnd(new ChunkedReader(new byte[0], 1))));
    }

    @Test
    void readAnswersSomeBytesThenMinusOneAtTheEnd() throws Exception {
        ChunkedReader r = new ChunkedReader(bytes(5), 3);
        byte[] b = new byte[10];
        assertEquals(3, blockOn(AsyncIo.read(r, b, 0, 10)));
        assertEquals(2, blockOn(AsyncIo.read(r, ByteBuffer.wrap(b, 3, 7))));
        assertEquals(-1, blockOn(AsyncIo.read(r, b, 0, 10)));
        assertArrayEquals(bytes(5), java.util.Arrays.copyOf(b, 5));
    }

    @Test
    void writeAllWritesEverythingThroughPartialWrites() throws Exception {
        MemoryWriter w = MemoryWriter.pushingBack(5);
        byte[] data = bytes(1234);
        blockOn(AsyncIo.writeAll(w, data, 0, data.length));
        assertArrayEquals(data, w.out.toByteArray());
        assertEquals((1234 + 4) / 5, w.writes);
        assertEquals(5, blockOn(AsyncIo.write(w, ByteBuffer.wrap(data))));
        blockOn(AsyncIo.flush(w));
        assertEquals(1, w.flushes);
        blockOn(AsyncIo.shutdown(w));
        assertThat(w.shut).isTrue();
    }

    @Test
    void copyMovesEveryByteAndFlushesAtTheEnd() throws Exception {
        byte[] data = bytes(300_000);
        MemoryWriter w = MemoryWriter.pushingBack(10_000);
        assertEquals(300_000L, blockOn(AsyncIo.copy(new ChunkedReader(data, 4096), w)));
        assertArrayEquals(data, w.out.toByteArray());
        assertThat(w.flushes).isGreaterThanOrEqualTo(1);
    }

    @Test
    void bufWriterCollectsSmallWritesAndHandsThemOnWhenFlushed() throws Exception {
        MemoryWriter inner = MemoryWriter.pushingBack(1 << 20);
        BufWriter out = new BufWriter(inner, 64);
        for (int i = 0; i < 10; i++) blockOn(AsyncIo.writeAll(out, new byte[] {(byte) i, (byte) i}, 0, 2));
        assertEquals(0, inner.writes, "20 bytes fit the 64-byte buffer");
        assertEquals(20, out.buffered());
        blockOn(AsyncIo.flush(out));
        assertEquals(1, inner.writes);
        assertEquals(0, out.buffered());
        byte[] big = bytes(1000);
        blockOn(AsyncIo.writeAll(out, big, 0, big.length));
        blockOn(AsyncIo.shutdown(out));
        assertThat(inner.shut).isTrue();
        byte[] all = inner.out.toByteArray();
        assertEquals(1020, all.length);
        assertArrayEquals(big, java.util.Arrays.copyOfRange(all, 20, 1020));
    }

    @Test
    void bufWriterHandsOnItsBufferWithAWriteThatDoesNotFitInOneGatheringWrite() throws Exception {
        MemoryWriter inner = MemoryWriter.gathering(1 << 20);
        BufWriter out = new BufWriter(inner, 64);
        byte[] small = bytes(20);
        byte[] big = bytes(100);
        blockOn(AsyncIo.writeAll(out, small, 0, small.length));
        assertEquals(20, out.buffered());
        blockOn(AsyncIo.writeAll(out, big, 0, big.length));
        assertEquals(1, inner.vectoredWrites, "buffer and write together");
        assertEquals(0, inner.writes);
        assertEquals(0, out.buffered());
        assertArrayEquals(concat(small, big), inner.out.toByteArray());
    }

    @Test
    void writeAllOfSeveralBuffersGathersThemInOrder() throws Exception {
        MemoryWriter inner = MemoryWriter.gathering(7);
        ByteBuffer a = ByteBuffer.wrap(bytes(10));
        ByteBuffer b = ByteBuffer.allocateDirect(10).put(bytes(10)).flip();
        ByteBuffer c = ByteBuffer.wrap(bytes(10)).asReadOnlyBuffer();
        blockOn(AsyncIo.writeAll(inner, a, b, c));
        assertEquals(5, inner.vectoredWrites, "30 bytes, 7 per gathering write");
        assertEquals(0, inner.writes);
        assertArrayEquals(concat(concat(bytes(10), bytes(10)), bytes(10)), inner.out.toByteArray());
        MemoryWriter plain = MemoryWriter.pushingBack(7);
        blockOn(AsyncIo.writeAll(plain, ByteBuffer.wrap(bytes(10)), ByteBuffer.wrap(bytes(3))));
        assertEquals(3, plain.writes, "a writer that cannot gather takes the buffers one by one: 7, 3, 3");
        assertArrayEquals(concat(bytes(10), bytes(3)), plain.out.toByteArray());
    }

    @Test
    void bufReaderReadsThroughItsBufferAndBypassesItForLargeReads() throws Exception {
        byte[] data = bytes(50_000);
        BufReader in = new BufReader(new ChunkedReader(data, 20_000), 1024);
        byte[] small = new byte[10];
        blockOn(AsyncIo.readExact(in, small, 0, 10));
        byte[] rest = blockOn(AsyncIo.readToEnd(in));
        assertArrayEquals(data, concat(small, rest));
    }

    @Test
    void linesSplitOnNewlinesAcrossChunksAndKeepALastUnterminatedLine() {
        String text = "alpha\nbeta\r\n\ngamma with ünïcödé\n" + "x".repeat(5000) + "\nlast";
        ChunkedReader r = new ChunkedReader(text.getBytes(StandardCharsets.UTF_8), 3);
        AsyncStream<String> lines = new BufReader(r, 16).lines();
        List<String> got = new ArrayList<>();
        while (true) {
            Optional<String> next = blockOn(lines.next());
            if (next.isEmpty()) break;
            got.add(next.get());
        }
        assertEquals(List.of("alpha", "beta", "", "gamma with ünïcödé", "x".repeat(5000), "last"), got);
        assertEquals(Optional.empty(), blockOn(lines.next()), "an ended stream stays ended");
    }

    @Test
    void fillBufAnswersTheBufferedBytesUntilConsumed() throws Exception {
        BufReader in = new BufReader(new ChunkedReader(bytes(8), 8), 4);
        var cx = dev.weft.future.Context.noop();
        assertThat(in.pollFillBuf(cx).isPending()).isTrue();
        Poll<ByteBuffer> p = in.pollFillBuf(cx);
        ByteBuffer b = p.value();
        assertEquals(4, b.remaining());
        assertEquals(bytes(8)[0], b.get(b.position()));
        in.consume(1);
        assertEquals(3, in.pollFillBuf(cx).value().remaining());
        assertThrows(IllegalArgumentException.class, () -> in.consume(4));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
