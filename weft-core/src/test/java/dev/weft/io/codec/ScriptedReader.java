package dev.weft.io.codec;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import java.nio.ByteBuffer;

/**
 * An in-memory {@link AsyncRead} that hands out its bytes in the chunks it was given, answering
 * pending (and waking at once) before each chunk: the bytes of a frame arrive split wherever the
 * chunks say. A chunk larger than the reader's room is handed out over several reads, without a
 * pending between them. After the last byte it answers the end. It counts what it delivered.
 */
final class ScriptedReader implements AsyncRead {
    private final byte[] data;
    private final int[] chunks;
    private int pos;
    private int chunk;
    private int leftInChunk;
    private boolean pendingFirst = true;
    int pendings;

    /**
     * @param data the bytes
     * @param chunks the sizes of the chunks, each positive; bytes past their sum come as one more
     */
    ScriptedReader(byte[] data, int... chunks) {
        this.data = data;
        this.chunks = chunks;
    }

    /** @return a reader handing out {@code data} one byte at a time */
    static ScriptedReader byteByByte(byte[] data) {
        int[] ones = new int[data.length];
        java.util.Arrays.fill(ones, 1);
        return new ScriptedReader(data, ones);
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) {
        if (leftInChunk == 0 && pos < data.length) {
            if (pendingFirst) {
                pendingFirst = false;
                pendings++;
                cx.waker().wake();
                return Poll.pending();
            }
            pendingFirst = true;
            leftInChunk = chunk < chunks.length ? chunks[chunk++] : data.length - pos;
            leftInChunk = Math.min(leftInChunk, data.length - pos);
        }
        if (pos == data.length) return Poll.ready(-1);
        int n = Math.min(leftInChunk, dst.remaining());
        dst.put(data, pos, n);
        pos += n;
        leftInChunk -= n;
        return Poll.ready(n);
    }

    /** @return how many bytes were handed out */
    int delivered() {
        return pos;
    }
}
