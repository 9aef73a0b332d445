package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * An {@link AsyncRead} with a buffer of its own that callers may look into before consuming
 * (Rust's {@code AsyncBufRead}): the way to read lines or scan for a delimiter without reading
 * byte by byte.
 *
 * {@snippet :
 * AsyncBufRead in = new BufReader(socket);
 * Poll<ByteBuffer> p = in.pollFillBuf(cx);
 * if (p instanceof Poll.Ready<ByteBuffer>(var buf) && buf.hasRemaining()) {
 *     byte first = buf.get(buf.position());
 *     in.consume(1);
 * }
 * }
 */
public interface AsyncBufRead extends AsyncRead {

    /**
     * Answers the buffered bytes, reading more from the inner source first if none are buffered.
     *
     * @param cx the context of the polling task
     * @return ready with a read-only view of the buffered bytes (between its position and limit;
     *     valid until the next call on this reader), empty at the end of the stream; or pending
     * @throws IOException if reading failed
     */
    Poll<ByteBuffer> pollFillBuf(Context cx) throws IOException;

    /**
     * Marks {@code n} bytes of the buffer answered by {@link #pollFillBuf(Context)} as read.
     *
     * @param n how many bytes to drop from the front, at most what was answered
     */
    void consume(int n);
}
