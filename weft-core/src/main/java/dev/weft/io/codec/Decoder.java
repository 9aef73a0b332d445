package dev.weft.io.codec;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Cuts received bytes into frames: the half of a codec that a {@link FramedReader} calls (Tokio's
 * {@code tokio_util::codec::Decoder}). The reader keeps the bytes received and not yet decoded in
 * a buffer and hands it to {@link #decode(ByteBuffer)} each time more arrive; the decoder takes
 * one frame from the front, or answers {@code null} to wait for more. At the end of the input the
 * reader calls {@link #decodeEof(ByteBuffer)} instead, so the decoder can tell the last frame from
 * a truncated one.
 *
 * <p>Every decoder is bounded: {@link #maxFrameBytes()} is the most bytes one frame takes in the
 * input, and a decoder throws {@link dev.weft.io.LimitExceededException} as soon as the bytes it
 * was given prove a frame longer than its limit, without waiting for (or allocating) the rest.
 * A decoder that keeps the state of the frame it is in the middle of (as {@link LineCodec} does)
 * needs one instance per reader.
 *
 * {@snippet :
 * // one byte per frame, a zero byte not allowed
 * Decoder<Integer> bytes = new Decoder<>() {
 *     @Override public Integer decode(ByteBuffer src) throws IOException {
 *         if (!src.hasRemaining()) return null;
 *         int b = src.get() & 0xff;
 *         if (b == 0) throw new InvalidDataException("a zero byte at the start of a frame");
 *         return b;
 *     }
 *     @Override public int maxFrameBytes() { return 1; }
 * };
 * }
 *
 * @param <T> the frame type
 */
public interface Decoder<T> {

    /**
     * Takes the next frame from the front of {@code src}, if it is all there.
     *
     * @param src the bytes received and not yet decoded, between its position and limit; the
     *     decoder advances the position past the bytes it used (it may keep what it learned about
     *     the rest in its own fields, relative to the position), and leaves the limit and the
     *     bytes as they are. The same bytes come back, with more after them, on the next call.
     * @return the frame, or {@code null} if more bytes are needed
     * @throws dev.weft.io.LimitExceededException if the frame is longer than the decoder's limit
     * @throws IOException if the bytes are not a frame ({@link dev.weft.io.InvalidDataException})
     */
    T decode(ByteBuffer src) throws IOException;

    /**
     * Takes the next frame at the end of the input: no more bytes will come. The reader calls it
     * until it answers {@code null}, which ends the stream. The default answers what
     * {@link #decode(ByteBuffer)} answers, and fails with {@link EOFException} if that is
     * {@code null} while bytes are left: a truncated frame is an error, never dropped in silence.
     * A decoder whose last frame needs no terminator (the last line of a text) overrides it.
     *
     * @param src the bytes not yet decoded, as for {@link #decode(ByteBuffer)}; may be empty
     * @return the frame, or {@code null} once there are no more
     * @throws EOFException if the input ended inside a frame
     * @throws IOException as {@link #decode(ByteBuffer)}
     */
    default T decodeEof(ByteBuffer src) throws IOException {
        T frame = decode(src);
        if (frame == null && src.hasRemaining()) {
            throw new EOFException("the input ended inside a frame, " + src.remaining() + " bytes into it");
        }
        return frame;
    }

    /**
     * The most bytes one frame takes in the input, its header or terminator included: a
     * {@link FramedReader} never buffers more than this, and a decoder fails with
     * {@link dev.weft.io.LimitExceededException} before the frame it is in reaches past it.
     *
     * @return the bound, positive
     */
    int maxFrameBytes();
}
