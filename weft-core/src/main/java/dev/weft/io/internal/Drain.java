package dev.weft.io.internal;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncWrite;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Hands a write buffer's bytes to a writer: the loop {@code BufWriter} and {@code FramedWriter}
 * share. The buffer is in write mode (its bytes before its position) before and after, so a
 * pending poll keeps what did not go out, at the front.
 */
public final class Drain {
    private Drain() {}

    /**
     * @param out the writer
     * @param buf the bytes to hand on, before its position; compacted afterwards
     * @param cx the context of the polling task
     * @return ready once every byte went out, or pending (what is left stays in {@code buf})
     * @throws IOException what the writer throws, or if it accepted no bytes
     */
    public static Poll<Void> poll(AsyncWrite out, ByteBuffer buf, Context cx) throws IOException {
        buf.flip();
        try {
            while (buf.hasRemaining()) {
                Poll<Integer> p = out.pollWrite(cx, buf);
                if (!(p instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                if (n == 0) throw new IOException(out + " accepted no bytes");
            }
            return Poll.ready(null);
        } finally {
            buf.compact();
        }
    }
}
