package dev.weft.io.codec;

import dev.weft.io.LimitExceededException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Frames of bytes, each after its length (Tokio's {@code LengthDelimitedCodec}): a big-endian
 * unsigned length field of 1, 2 or 4 bytes, then that many bytes of payload. The length counts
 * the payload only.
 *
 * {@snippet :
 * FramedWriter<byte[]> out = new FramedWriter<>(socket, new LengthPrefixedCodec(4, 1 << 20));
 * await(out.send("hello".getBytes(StandardCharsets.UTF_8))); // 00 00 00 05 68 65 6c 6c 6f
 * FramedReader<byte[]> in = new FramedReader<>(socket, new LengthPrefixedCodec(4, 1 << 20));
 * byte[] reply = await(in.nextOrNull());
 * }
 *
 * <ul>
 *   <li><em>Limit:</em> a length field over {@code maxLength} fails with
 *       {@link LimitExceededException} as soon as the field has arrived, before the payload is
 *       waited for or anything is allocated for it; so does sending a longer payload.</li>
 *   <li><em>The end:</em> the input may end between frames only; inside a length field or a
 *       payload it fails with {@link java.io.EOFException}.</li>
 * </ul>
 *
 * <p>It keeps no state between calls: one codec may serve any number of readers and writers.
 */
public final class LengthPrefixedCodec implements Decoder<byte[]>, Encoder<byte[]> {
    private final int lengthFieldBytes;
    private final int maxLength;

    /**
     * @param lengthFieldBytes the size of the length field: 1, 2 or 4
     * @param maxLength the longest payload, in bytes: 0 up to what the field holds (255, 65535,
     *     or 2^31-5 for 4 bytes, so that a frame fits in one array)
     */
    public LengthPrefixedCodec(int lengthFieldBytes, int maxLength) {
        if (lengthFieldBytes != 1 && lengthFieldBytes != 2 && lengthFieldBytes != 4) {
            throw new IllegalArgumentException("lengthFieldBytes must be 1, 2 or 4: " + lengthFieldBytes);
        }
        long most = lengthFieldBytes == 4 ? Integer.MAX_VALUE - 4 : (1L << (8 * lengthFieldBytes)) - 1;
        if (maxLength < 0 || maxLength > most) {
            throw new IllegalArgumentException("maxLength must be 0 to " + most + " with a " + lengthFieldBytes + "-byte length: " + maxLength);
        }
        this.lengthFieldBytes = lengthFieldBytes;
        this.maxLength = maxLength;
    }

    /** @return the size of the length field, in bytes */
    public int lengthFieldBytes() {
        return lengthFieldBytes;
    }

    /** @return the longest payload, in bytes */
    public int maxLength() {
        return maxLength;
    }

    /** @return the length field and a longest payload */
    @Override
    public int maxFrameBytes() {
        return lengthFieldBytes + maxLength;
    }

    @Override
    public byte[] decode(ByteBuffer src) throws IOException {
        if (src.remaining() < lengthFieldBytes) return null;
        int at = src.position();
        long length = switch (lengthFieldBytes) {
            case 1 -> src.get(at) & 0xffL;
            case 2 -> src.getShort(at) & 0xffffL;
            default -> src.getInt(at) & 0xffff_ffffL;
        };
        if (length > maxLength) {
            throw new LimitExceededException("maxLength", maxLength, "a frame of " + length + " bytes");
        }
        if (src.remaining() - lengthFieldBytes < length) return null;
        byte[] payload = new byte[(int) length];
        src.get(at + lengthFieldBytes, payload).position(at + lengthFieldBytes + (int) length);
        return payload;
    }

    @Override
    public boolean encode(byte[] frame, ByteBuffer dst) throws IOException {
        if (frame.length > maxLength) {
            throw new LimitExceededException("maxLength", maxLength, "a frame to send of " + frame.length + " bytes");
        }
        if (dst.remaining() < lengthFieldBytes + frame.length) return false;
        switch (lengthFieldBytes) {
            case 1 -> dst.put((byte) frame.length);
            case 2 -> dst.putShort((short) frame.length);
            default -> dst.putInt(frame.length);
        }
        dst.put(frame);
        return true;
    }

    @Override
    public String toString() {
        return "LengthPrefixedCodec(" + lengthFieldBytes + "-byte length, maxLength = " + maxLength + ")";
    }
}
