package dev.weft.net.internal.uring;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Buffers that are never reused: each one given back is filled with {@link #POISON} and kept, so
 * {@link #touched()} finds any byte the kernel wrote into a buffer after it was given back. A
 * buffer given back twice is counted too.
 *
 * <p>{@link #giveBackEarly(MemorySegment)} is the broken variant: the test calls it where a broken
 * poller would give a buffer back (at the cancel of the read that uses it, before its completion);
 * the stress test must then find touched bytes.
 */
final class PoisonBuffers extends Buffers {
    static final byte POISON = (byte) 0xA5;

    private final Map<MemorySegment, Boolean> given = new IdentityHashMap<>();
    private final List<MemorySegment> quarantine = new ArrayList<>();
    private final List<MemorySegment> taken = new ArrayList<>();
    private int doubleGives;
    private int takes;
    private final boolean broken;

    /** @param broken whether {@link #giveBackEarly} poisons (the broken variant) or does nothing */
    PoisonBuffers(boolean broken) {
        this.broken = broken;
    }

    @Override
    synchronized MemorySegment take(int want) {
        MemorySegment b = Arena.ofAuto().allocate(sizeFor(want), 64);
        takes++;
        taken.add(b);
        return b;
    }

    @Override
    synchronized void give(MemorySegment b) {
        if (given.put(b, Boolean.TRUE) != null) {
            if (!broken) doubleGives++; // the broken variant gave it early: its real give comes later
            return;
        }
        b.fill(POISON);
        quarantine.add(b);
    }

    /** The broken variant: gives {@code b} back now, while an op may still use it. */
    synchronized void giveBackEarly(MemorySegment b) {
        if (broken && b != null) give(b);
    }

    /** @return how many buffers were taken so far */
    synchronized int takes() {
        return takes;
    }

    /** @return the buffer taken last (the one a read just armed) */
    synchronized MemorySegment lastTaken() {
        return taken.isEmpty() ? null : taken.get(taken.size() - 1);
    }

    /** @return bytes not poison in the buffers given back, plus buffers given back twice; then forgets them */
    synchronized long touched() {
        long n = doubleGives;
        for (MemorySegment b : quarantine) {
            for (long i = 0; i < b.byteSize(); i++) if (b.get(ValueLayout.JAVA_BYTE, i) != POISON) n++;
        }
        quarantine.clear();
        taken.clear();
        given.clear();
        doubleGives = 0;
        return n;
    }

    /** @return how many buffers are given back and waiting for {@link #touched()} */
    synchronized int quarantined() {
        return quarantine.size();
    }
}
