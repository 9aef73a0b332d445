package dev.weft.blocking;

import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Adapters from blocking {@code java.io} streams to {@link AsyncRead} / {@link AsyncWrite}
 * (smol's {@code Unblock}): a blocking-pool thread moves bytes between the stream and a pipe
 * buffer, and the async side only ever touches the buffer.
 *
 * {@snippet :
 * try (UnblockReader in = Unblock.reader(process.getInputStream())) {
 *     ByteBuffer buf = ByteBuffer.allocate(8192);
 *     // poll in.pollRead(cx, buf) from a task, or await a read helper of dev.weft.io
 * }
 * }
 *
 * <p>Caveats (as in smol): the reader reads ahead up to the pipe's capacity, so bytes it read
 * but nobody consumed are lost when it is closed; a thread blocked in {@code InputStream.read}
 * stays blocked until the stream yields or is closed by its owner; flush a writer (or shut it
 * down) before dropping it.
 */
public final class Unblock {
    /** Default pipe capacity: 256 KiB. */
    public static final int DEFAULT_CAPACITY = 256 * 1024;

    private Unblock() {}

    /**
     * An async reader over {@code in}, on the default pool. The pool thread starts on the first
     * read.
     *
     * @param in the blocking stream; closed by the adapter when it ends or is closed
     * @return the adapter
     */
    public static UnblockReader reader(InputStream in) {
        return new UnblockReader(in, DEFAULT_CAPACITY, Blocking.currentPool());
    }

    /**
     * An async reader over {@code in}.
     *
     * @param in the blocking stream
     * @param capacity the pipe capacity in bytes
     * @param pool the pool whose thread reads {@code in}
     * @return the adapter
     */
    public static UnblockReader reader(InputStream in, int capacity, BlockingPool pool) {
        return new UnblockReader(in, capacity, pool);
    }

    /**
     * An async writer over {@code out}, on the default pool. The pool thread starts on the first
     * write or flush.
     *
     * @param out the blocking stream; closed by {@link UnblockWriter#pollShutdown}
     * @return the adapter
     */
    public static UnblockWriter writer(OutputStream out) {
        return new UnblockWriter(out, DEFAULT_CAPACITY, Blocking.currentPool());
    }

    /**
     * An async writer over {@code out}.
     *
     * @param out the blocking stream
     * @param capacity the pipe capacity in bytes
     * @param pool the pool whose thread writes {@code out}
     * @return the adapter
     */
    public static UnblockWriter writer(OutputStream out, int capacity, BlockingPool pool) {
        return new UnblockWriter(out, capacity, pool);
    }
}
