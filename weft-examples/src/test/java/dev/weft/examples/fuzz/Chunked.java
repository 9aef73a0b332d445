package dev.weft.examples.fuzz;

import java.util.Arrays;

/**
 * One fuzz input: the bytes a peer sends, and where reads split them. The chunks end at each
 * cut, in order, and at the end; a cut may repeat or sit at 0 or at the end (an empty read).
 *
 * {@snippet :
 * Chunked c = new Chunked(Bytes.latin1("PING\r\n"), new int[] {5}); // "PING\r", then "\n"
 * c.chunkEnd(0);  // 5
 * c.chunkEnd(5);  // 6
 * }
 *
 * @param bytes the input
 * @param cuts where chunks end before the last, ascending, each in [0, bytes.length]
 */
public record Chunked(byte[] bytes, int[] cuts) {
    /** The most input bytes {@link #toString()} shows. */
    private static final int SHOWN = 300;

    /** Checks the cuts. */
    public Chunked {
        for (int i = 0; i < cuts.length; i++) {
            if (cuts[i] < 0 || cuts[i] > bytes.length || (i > 0 && cuts[i] < cuts[i - 1])) {
                throw new IllegalArgumentException("cuts " + Arrays.toString(cuts) + " of " + bytes.length + " bytes");
            }
        }
    }

    /** @return {@code bytes} in one chunk */
    public static Chunked whole(byte[] bytes) {
        return new Chunked(bytes, new int[0]);
    }

    /** @return {@code bytes} cut into 1 to {@code maxChunks} chunks at places each as likely */
    public static Chunked cutAnywhere(byte[] bytes, int maxChunks, Draw d) {
        int[] cuts = new int[d.between(1, maxChunks) - 1];
        for (int i = 0; i < cuts.length; i++) cuts[i] = d.between(0, bytes.length);
        Arrays.sort(cuts);
        return new Chunked(bytes, cuts);
    }

    /** @return {@code bytes} cut into chunks of 1 to {@code maxChunk} bytes, each size as likely */
    public static Chunked cutEvery(byte[] bytes, int maxChunk, Draw d) {
        int[] cuts = new int[16];
        int n = 0;
        for (int at = d.between(1, maxChunk); at < bytes.length; at += d.between(1, maxChunk)) {
            if (n == cuts.length) cuts = Arrays.copyOf(cuts, 2 * n);
            cuts[n++] = at;
        }
        return new Chunked(bytes, Arrays.copyOf(cuts, n));
    }

    /** @return how many bytes */
    public int length() {
        return bytes.length;
    }

    /** @return where the chunk that holds byte {@code at} ends: the first cut past it, or the end */
    public int chunkEnd(int at) {
        int lo = 0;
        int hi = cuts.length;
        while (lo < hi) { // the first cut past at is in [lo, hi], hi meaning none
            int mid = (lo + hi) >>> 1;
            if (cuts[mid] > at) hi = mid;
            else lo = mid + 1;
        }
        return lo < cuts.length ? cuts[lo] : bytes.length;
    }

    /** @return the chunk ends in order, the last one the end */
    public int[] chunkEnds() {
        int[] ends = Arrays.copyOf(cuts, cuts.length + 1);
        ends[cuts.length] = bytes.length;
        return ends;
    }

    /** @return the same bytes without cut {@code i} */
    Chunked withoutCut(int i) {
        int[] fewer = new int[cuts.length - 1];
        System.arraycopy(cuts, 0, fewer, 0, i);
        System.arraycopy(cuts, i + 1, fewer, i, fewer.length - i);
        return new Chunked(bytes, fewer);
    }

    /** @return the input without bytes [from, to), each cut kept where it was relative to the bytes around it */
    Chunked without(int from, int to) {
        int[] moved = new int[cuts.length];
        for (int i = 0; i < cuts.length; i++) moved[i] = cuts[i] <= from ? cuts[i] : Math.max(from, cuts[i] - (to - from));
        return new Chunked(Bytes.splice(bytes, from, to, new byte[0]), moved);
    }

    /** @return the input with byte {@code at} replaced by {@code b} */
    Chunked with(int at, byte b) {
        byte[] changed = bytes.clone();
        changed[at] = b;
        return new Chunked(changed, cuts);
    }

    /** @return the size, the cuts and the bytes (the first {@value #SHOWN}), unprintable ones escaped */
    @Override
    public String toString() {
        return bytes.length + " bytes, cut at " + Arrays.toString(cuts) + ": " + Bytes.show(bytes, SHOWN);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Chunked c && Arrays.equals(bytes, c.bytes) && Arrays.equals(cuts, c.cuts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bytes) + Arrays.hashCode(cuts);
    }
}
