package dev.weft.sim;

/**
 * The fingerprint of a run: every decision and event of the simulation (a spawn, a poll, a wake,
 * a timer firing, a clock jump, a network delivery) is mixed into one 64-bit hash in the order it
 * happens, so two runs with equal hashes made the same choices in the same order. The last
 * {@value #TAIL} events are kept as well, to show where two runs parted.
 *
 * {@snippet :
 * TraceHash h = new TraceHash();
 * h.mix(TraceHash.POLL, 3, 0);
 * long fingerprint = h.value();
 * }
 *
 * <p>State: {@code hash}, {@code count} and the tail ring; the simulation's thread only.
 */
final class TraceHash {
    static final int SPAWN = 1;
    static final int POLL = 2;
    static final int WAKE = 3;
    static final int CLOCK = 4;
    static final int TIMERS = 5;
    static final int EVENT = 6;
    static final int SPURIOUS = 7;
    static final int DELAYED = 8;
    static final int BLOCKING = 9;
    static final int DONE = 10;
    // the network's kinds
    static final int PARTITION = 100;
    static final int REPAIR = 101;
    static final int RESET_ALL = 102;
    static final int CONNECT = 103;
    static final int ACCEPT = 104;
    static final int SEGMENT = 105;
    static final int RESET = 106;
    static final int CLOSE = 107;
    static final int DATAGRAM = 108;
    static final int DATAGRAM_LOST = 109;

    private static final int TAIL = 32;
    private static final long K1 = 0x9E3779B97F4A7C15L;
    private static final long K2 = 0xC2B2AE3D27D4EB4FL;

    private long hash = 0x243F6A8885A308D3L;
    private long count;
    private final long[] tail = new long[TAIL * 3];

    void mix(int kind, long a, long b) {
        long h = hash;
        h = step(h, kind);
        h = step(h, a);
        h = step(h, b);
        hash = h;
        int i = (int) (count++ % TAIL) * 3;
        tail[i] = kind;
        tail[i + 1] = a;
        tail[i + 2] = b;
    }

    private static long step(long h, long v) {
        h ^= v * K1;
        h = Long.rotateLeft(h, 29) * K2;
        return h ^ (h >>> 32);
    }

    long value() {
        return hash;
    }

    long count() {
        return count;
    }

    /** @return the last events, oldest first, as {@code kind:a:b} */
    String tail() {
        StringBuilder sb = new StringBuilder();
        long first = Math.max(0, count - TAIL);
        for (long k = first; k < count; k++) {
            int i = (int) (k % TAIL) * 3;
            if (sb.length() > 0) sb.append(' ');
            sb.append(name((int) tail[i])).append(':').append(tail[i + 1]).append(':').append(tail[i + 2]);
        }
        return sb.toString();
    }

    private static String name(int kind) {
        return switch (kind) {
            case SPAWN -> "spawn";
            case POLL -> "poll";
            case WAKE -> "wake";
            case CLOCK -> "clock";
            case TIMERS -> "timers";
            case EVENT -> "event";
            case SPURIOUS -> "spurious";
            case DELAYED -> "delayed";
            case BLOCKING -> "blocking";
            case DONE -> "done";
            default -> "k" + kind;
        };
    }
}
