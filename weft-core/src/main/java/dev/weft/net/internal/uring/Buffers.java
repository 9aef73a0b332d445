package dev.weft.net.internal.uring;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The native buffers the kernel reads sends from and writes receives into: taken for one
 * operation (or one received chunk, until its bytes are copied out) and given back only after the
 * operation's completion has been reaped, so the kernel never writes into a buffer that was given
 * back. Pooled by size class (4 KiB, 16 KiB, 64 KiB), at most {@value #KEEP} kept per class; the
 * rest go to the garbage collector ({@link Arena#ofAuto()}: nothing is freed while an operation
 * in the poller's table still holds it).
 *
 * {@snippet :
 * MemorySegment b = buffers.take(8192);  // 16 KiB class
 * buffers.give(b);                        // only after the CQE of the op that used it
 * }
 *
 * <p>Thread-safe (a lock per pool). A test subclass poisons what is given back and checks later
 * that nothing wrote into it.
 */
class Buffers {
    /** The largest buffer: a receive or send asks for at most this much. */
    static final int MAX = 64 * 1024;
    private static final int[] CLASSES = {4 * 1024, 16 * 1024, MAX};
    private static final int KEEP = 256;

    private final List<ArrayDeque<MemorySegment>> pools = new ArrayList<>();

    Buffers() {
        for (int i = 0; i < CLASSES.length; i++) pools.add(new ArrayDeque<>());
    }

    /** @return the size of the buffer {@link #take} answers for {@code want} bytes */
    static int sizeFor(int want) {
        for (int c : CLASSES) if (want <= c) return c;
        return MAX;
    }

    /**
     * @param want the bytes wanted (the buffer may be larger, or {@value #MAX} if less)
     * @return a buffer of {@link #sizeFor}{@code (want)} bytes
     */
    MemorySegment take(int want) {
        int size = sizeFor(want);
        ArrayDeque<MemorySegment> pool = pools.get(classOf(size));
        synchronized (pool) {
            MemorySegment b = pool.pollFirst();
            if (b != null) return b;
        }
        return Arena.ofAuto().allocate(size, 64);
    }

    /** Takes back a buffer no operation uses any more (its completion was reaped). */
    void give(MemorySegment b) {
        ArrayDeque<MemorySegment> pool = pools.get(classOf((int) b.byteSize()));
        synchronized (pool) {
            if (pool.size() < KEEP) pool.addFirst(b);
        }
    }

    private static int classOf(int size) {
        for (int i = 0; i < CLASSES.length; i++) if (size == CLASSES[i]) return i;
        throw new IllegalArgumentException("not a buffer of this pool: " + size + " bytes");
    }
}
