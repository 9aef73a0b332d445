package dev.weft.net;

import java.io.IOException;
import java.nio.channels.SelectableChannel;

/**
 * A non-blocking operation on a channel, run by {@link Async#readWith(IoOp)} and
 * {@link Async#writeWith(IoOp)} until it does not block.
 *
 * <p><b>Convention:</b> the operation answers {@code null} when it would block (the channel was
 * not ready: a non-blocking {@code read} or {@code write} that returned {@code 0} while there was
 * room or data, an {@code accept} or {@code receive} that returned {@code null}); any other value
 * is the result. Throwing fails the awaiting future.
 *
 * {@snippet :
 * ByteBuffer buf = ByteBuffer.allocate(4096);
 * IoOp<SocketChannel, Integer> readSome = ch -> {
 *     int n = ch.read(buf);
 *     return n == 0 && buf.hasRemaining() ? null : n; // null: would block
 * };
 * }
 *
 * @param <T> the channel type
 * @param <R> the result type
 */
@FunctionalInterface
public interface IoOp<T extends SelectableChannel, R> {

    /**
     * Runs the operation once, without blocking.
     *
     * @param channel the non-blocking channel
     * @return the result, or {@code null} if the operation would block
     * @throws IOException if the operation failed
     */
    R run(T channel) throws IOException;
}
