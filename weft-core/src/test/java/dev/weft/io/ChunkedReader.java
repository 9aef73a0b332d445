package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.nio.ByteBuffer;

/**
 * An in-memory {@link AsyncRead} that answers pending (and wakes at once) before every chunk, and
 * hands out at most {@code chunk} bytes per read: the awkward reader every helper must survive.
 */
final class ChunkedReader implements AsyncRead {
    private final byte[] data;
    private final int chunk;
    private int pos;
    private boolean pendingNext = true;
    int pendings;

    ChunkedReader(byte[] data, int chunk) {
        this.data = data;
        this.chunk = chunk;
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) {
        if (pendingNext) {
            pendingNext = false;
            pendings++;
            cx.waker().wake();
            return Poll.pending();
        }
        pendingNext = true;
        if (pos == data.length) return Poll.ready(-1);
        int n = Math.min(Math.min(chunk, dst.remaining()), data.length - pos);
        dst.put(data, pos, n);
        pos += n;
        return Poll.ready(n);
    }
}
