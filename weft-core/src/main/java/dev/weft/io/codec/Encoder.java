package dev.weft.io.codec;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Turns frames into bytes: the half of a codec that a {@link FramedWriter} calls (Tokio's
 * {@code tokio_util::codec::Encoder}). The writer collects the encoded frames in a buffer of its
 * own and hands them to its {@link dev.weft.io.AsyncWrite} together, so frames sent back to back
 * go out in one write.
 *
 * <p>{@link #encode(Object, ByteBuffer)} writes one frame at the buffer's position, or answers
 * {@code false} if the buffer has too little room; the writer then makes room (it writes out what
 * it holds, or grows its buffer up to {@link #maxFrameBytes()}) and asks again. Given that much
 * room an encoder must write the frame or throw: a frame longer than the encoder's limit fails
 * with {@link dev.weft.io.LimitExceededException}, one that cannot be encoded with
 * {@link IllegalArgumentException}.
 *
 * {@snippet :
 * // a frame is an int, four bytes big-endian
 * Encoder<Integer> ints = new Encoder<>() {
 *     @Override public boolean encode(Integer frame, ByteBuffer dst) {
 *         if (dst.remaining() < 4) return false;
 *         dst.putInt(frame);
 *         return true;
 *     }
 *     @Override public int maxFrameBytes() { return 4; }
 * };
 * }
 *
 * @param <T> the frame type
 */
public interface Encoder<T> {

    /**
     * Writes {@code frame} into {@code dst}, at its position.
     *
     * @param frame the frame
     * @param dst the writer's buffer, in write mode; its position advances past the frame. When
     *     the answer is {@code false} or an exception, what was written past the old position is
     *     dropped by the writer.
     * @return {@code true} once the frame was written, {@code false} if {@code dst} lacks room
     * @throws dev.weft.io.LimitExceededException if the frame is longer than the encoder's limit
     * @throws IOException if the frame cannot be encoded for another reason of the encoder's
     */
    boolean encode(T frame, ByteBuffer dst) throws IOException;

    /**
     * The most bytes one frame takes once encoded, its header or terminator included: room the
     * writer's buffer grows to, for one frame, before an encoder that still answers {@code false}
     * is reported as broken.
     *
     * @return the bound, positive
     */
    int maxFrameBytes();
}
