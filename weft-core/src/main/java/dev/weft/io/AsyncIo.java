package dev.weft.io;

import dev.weft.future.FallibleStream;
import dev.weft.future.Future;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/**
 * Futures over {@link AsyncRead}, {@link AsyncWrite} and {@link AsyncBufRead}: what
 * {@link java.io.InputStream} and {@link java.io.OutputStream} offer, awaitable.
 *
 * {@snippet :
 * byte[] header = new byte[4];
 * await(AsyncIo.readExact(socket, header, 0, 4));
 * byte[] rest = await(AsyncIo.readToEnd(socket));
 * await(AsyncIo.writeAll(socket, ByteBuffer.wrap(rest)));
 * await(AsyncIo.shutdown(socket));
 * }
 *
 * <p>Each future is woken by whatever wakes its reader's or writer's poll methods (for a socket:
 * the reactor's readiness report), and throws what they throw. Cancelling one of these futures
 * does nothing by itself (no registration of its own); the socket types' own methods of the same
 * name also drop the socket's registration.
 */
public final class AsyncIo {
    private AsyncIo() {}

    /**
     * Reads what is available into {@code dst}: at least one byte, or {@code -1} at the end.
     * Cancel-safe: no bytes are lost.
     *
     * @param reader the source
     * @param dst where the bytes go; its position advances
     * @return a future of the count read, or {@code -1} at the end of the stream
     */
    public static IoFuture<Integer> read(AsyncRead reader, ByteBuffer dst) {
        return new Read(reader, dst);
    }

    /**
     * As {@link #read(AsyncRead, ByteBuffer)}, into {@code b[off, off+len)}.
     *
     * @param reader the source
     * @param b the array
     * @param off the first index
     * @param len the most bytes to read
     * @return a future of the count read, or {@code -1} at the end of the stream
     */
    public static IoFuture<Integer> read(AsyncRead reader, byte[] b, int off, int len) {
        return new Read(reader, ByteBuffer.wrap(b, off, len));
    }

    /**
     * Reads until {@code dst} is full. Throws {@link java.io.EOFException} if the stream ends
     * first. Not cancel-safe: bytes read before a cancel are in {@code dst} (its position says
     * how many), but the future's caller has to look there.
     *
     * @param reader the source
     * @param dst where the bytes go
     * @return a future completing when {@code dst} is full
     */
    public static IoFuture<Void> readExact(AsyncRead reader, ByteBuffer dst) {
        return new ReadExact(reader, dst);
    }

    /**
     * As {@link #readExact(AsyncRead, ByteBuffer)}, into {@code b[off, off+len)}.
     *
     * @param reader the source
     * @param b the array
     * @param off the first index
     * @param len the byte count
     * @return a future completing when the bytes are there
     */
    public static IoFuture<Void> readExact(AsyncRead reader, byte[] b, int off, int len) {
        return new ReadExact(reader, ByteBuffer.wrap(b, off, len));
    }

    /** What {@link #readToEnd(AsyncRead)} takes at most: 16 MiB. */
    public static final int DEFAULT_MAX_READ_TO_END = 16 << 20;

    /** The longest line {@link #lines(AsyncBufRead, Charset)} takes: 64 KiB. */
    public static final int DEFAULT_MAX_LINE = 64 << 10;

    /**
     * Reads everything until the end of the stream, at most {@link #DEFAULT_MAX_READ_TO_END} bytes.
     * Not cancel-safe: what was read is lost.
     *
     * @param reader the source
     * @return a future of all bytes; fails with {@link LimitExceededException} past the limit
     */
    public static IoFuture<byte[]> readToEnd(AsyncRead reader) {
        return readToEnd(reader, DEFAULT_MAX_READ_TO_END);
    }

    /**
     * Reads everything until the end of the stream, at most {@code maxBytes} bytes (memory stays
     * bounded whatever a peer sends). Not cancel-safe: what was read is lost.
     *
     * @param reader the source
     * @param maxBytes the most bytes taken (0 to 2^31-2)
     * @return a future of all bytes; fails with {@link LimitExceededException} once more arrive
     */
    public static IoFuture<byte[]> readToEnd(AsyncRead reader, int maxBytes) {
        return new ReadToEnd(reader, maxBytes);
    }

    /**
     * Writes what the writer takes now from {@code src} (at least one byte). Cancel-safe.
     *
     * @param writer the sink
     * @param src the bytes; its position advances
     * @return a future of the count written
     */
    public static IoFuture<Integer> write(AsyncWrite writer, ByteBuffer src) {
        return new Write(writer, src);
    }

    /**
     * Writes all of {@code src}; waits while the writer applies backpressure. Not cancel-safe:
     * after a cancel, {@code src}'s position says how much was written.
     *
     * @param writer the sink
     * @param src the bytes
     * @return a future completing when every byte was taken
     */
    public static IoFuture<Void> writeAll(AsyncWrite writer, ByteBuffer src) {
        return new WriteAll(writer, src);
    }

    /**
     * Writes all of {@code srcs}, in order, gathering them into as few writes as the writer allows
     * ({@link AsyncWrite#pollWriteVectored}: on a socket, a response's head and body in one
     * {@code send}); waits while the writer applies backpressure. Not cancel-safe: after a
     * cancel, the buffers' positions say how much was written.
     *
     * {@snippet :
     * await(AsyncIo.writeAll(socket, head, body));
     * }
     *
     * @param writer the sink
     * @param srcs the buffers
     * @return a future completing when every byte of every buffer was taken
     */
    public static IoFuture<Void> writeAll(AsyncWrite writer, ByteBuffer... srcs) {
        return new WriteAll(writer, srcs.clone());
    }

    /**
     * As {@link #writeAll(AsyncWrite, ByteBuffer)}, from {@code b[off, off+len)}.
     *
     * @param writer the sink
     * @param b the array
     * @param off the first index
     * @param len the byte count
     * @return a future completing when every byte was taken
     */
    public static IoFuture<Void> writeAll(AsyncWrite writer, byte[] b, int off, int len) {
        return new WriteAll(writer, ByteBuffer.wrap(b, off, len));
    }

    /**
     * Hands on everything the writer buffers. Cancel-safe.
     *
     * @param writer the sink
     * @return a future completing when flushed
     */
    public static IoFuture<Void> flush(AsyncWrite writer) {
        return new Flush(writer, false);
    }

    /**
     * Flushes, then ends the writer's output (a socket's write half closes). Cancel-safe.
     *
     * @param writer the sink
     * @return a future completing when shut down
     */
    public static IoFuture<Void> shutdown(AsyncWrite writer) {
        return new Flush(writer, true);
    }

    /**
     * Copies everything from {@code reader} to {@code writer} until the reader ends, then
     * flushes. Does not shut the writer down. Not cancel-safe: bytes read and not yet written
     * are lost.
     *
     * @param reader the source
     * @param writer the sink
     * @return a future of the count of bytes copied
     */
    public static IoFuture<Long> copy(AsyncRead reader, AsyncWrite writer) {
        return new Copy(reader, writer);
    }

    /**
     * The lines of {@code in}, each without its {@code "\n"} or {@code "\r\n"}, decoded with
     * {@code charset}; a last line without a terminator is an element too. Woken as {@code in}'s
     * reads are. Cancel-safe between elements: a partly read line is kept by the stream.
     *
     * Strict: a line that is not valid in {@code charset} ends the stream with
     * {@link InvalidDataException}, whose message names the line and the bytes
     * ({@link #lossyLines(AsyncBufRead, Charset, int)} replaces them with U+FFFD instead). Lines
     * longer than {@link #DEFAULT_MAX_LINE} end the stream with {@link LimitExceededException}. For
     * lines as frames of a protocol, with a writer for the other direction, see
     * {@link dev.weft.io.codec.LineCodec}.
     *
     * @param in the buffered source
     * @param charset how the bytes are decoded
     * @return a stream of lines, ending with the source
     */
    public static FallibleStream<String, IOException> lines(AsyncBufRead in, Charset charset) {
        return lines(in, charset, DEFAULT_MAX_LINE);
    }

    /**
     * The lines of {@code in} as {@link #lines(AsyncBufRead, Charset)}, with a limit of its own:
     * a line (without its {@code "\n"} or {@code "\r\n"}) longer than {@code maxLineBytes} bytes
     * ends the stream with {@link LimitExceededException}, so a peer that never sends
     * {@code "\n"} cannot exhaust the heap.
     *
     * {@snippet :
     * FallibleStream<String, IOException> lines = AsyncIo.lines(new BufReader(socket), StandardCharsets.UTF_8, 1024);
     * for (String line; (line = await(lines.nextOrNull())) != null; ) System.out.println(line);
     * }
     *
     * @param in the buffered source
     * @param charset how the bytes are decoded; bytes not valid in it end the stream with
     *     {@link InvalidDataException}
     * @param maxLineBytes the longest line taken, in bytes (positive)
     * @return a stream of lines, ending with the source
     */
    public static FallibleStream<String, IOException> lines(AsyncBufRead in, Charset charset, int maxLineBytes) {
        return new Lines(in, charset, maxLineBytes, false);
    }

    /**
     * The lines of {@code in} as {@link #lines(AsyncBufRead, Charset, int)}, except that bytes not
     * valid in {@code charset} are replaced with U+FFFD instead of ending the stream: for text
     * that is shown, never for text that is parsed or compared (two different inputs may give the
     * same line).
     *
     * @param in the buffered source
     * @param charset how the bytes are decoded, lossily
     * @param maxLineBytes the longest line taken, in bytes (positive)
     * @return a stream of lines, ending with the source
     */
    public static FallibleStream<String, IOException> lossyLines(AsyncBufRead in, Charset charset, int maxLineBytes) {
        return new Lines(in, charset, maxLineBytes, true);
    }
}
