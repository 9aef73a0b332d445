package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A source of bytes that is read without blocking: the asynchronous {@link java.io.InputStream}.
 *
 * <p>{@link #pollRead(Context, ByteBuffer)} reads as many bytes as are available now (at least
 * one) into {@code dst}, or answers pending after registering {@code cx.waker()}, or {@code -1} at
 * the end of the stream. One poll at a time, as for {@link dev.weft.future.Future}.
 *
 * {@snippet :
 * AsyncRead empty = (cx, dst) -> Poll.ready(-1); // a stream that has already ended
 * }
 */
@FunctionalInterface
public interface AsyncRead {

    /**
     * Reads what is available now into {@code dst}.
     *
     * @param cx the context of the polling task
     * @param dst where the bytes go; its position advances by the count read
     * @return ready with the count read ({@code > 0} when {@code dst} has room), ready with
     *     {@code -1} at the end of the stream, or pending
     * @throws IOException if reading failed
     */
    Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException;
}
