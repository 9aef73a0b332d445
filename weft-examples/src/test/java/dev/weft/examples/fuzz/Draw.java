package dev.weft.examples.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Every random choice of one generated input, drawn from one seed: the same seed draws the same
 * inputs. Besides uniform choices it draws the two skewed shapes fuzzing wants:
 * {@linkplain #biased(long, long, long) numbers} near a centre more often than far from it, and
 * {@linkplain #size(int, int) sizes} mostly small with now and then a long one.
 *
 * {@snippet :
 * Draw d = new Draw(42);
 * int pieces = d.size(1, 8);                  // 1 to 8, each as likely
 * long declared = d.biased(0, 0, 1_000_000);  // under 1000 about half the time
 * }
 */
public final class Draw {
    /** A size up to this far above its minimum is drawn 88% of the time (the rest: longer, 1% the maximum). */
    private static final int SHORT = 32;
    /** A bucket of {@link #biased} no wider than this is not split further. */
    private static final long NARROWEST = 20;

    private final SplittableRandom random;

    /** @param seed what every choice is drawn from */
    public Draw(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** @return a number in [min, max], each as likely */
    public int between(int min, int max) {
        return random.nextInt(min, max + 1);
    }

    /** @return true or false, as likely */
    public boolean coin() {
        return random.nextBoolean();
    }

    /** @return one of {@code values}, each as likely */
    public <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** @return an index into {@code weights}, each drawn in proportion to its weight */
    public int weighted(int... weights) {
        int total = 0;
        for (int w : weights) total += w;
        int r = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            r -= weights[i];
            if (r < 0) return i;
        }
        throw new AssertionError("unreachable");
    }

    /**
     * A container's size: up to {@value #SHORT} above {@code min} each as likely; over a wider range
     * 88% of the sizes are there, 11% above it and 1% the maximum.
     *
     * @return a size in [min, max]
     */
    public int size(int min, int max) {
        if (max - min <= SHORT) return between(min, max);
        int r = random.nextInt(100);
        if (r == 0) return max;
        return r <= 11 ? between(min + SHORT + 1, max) : between(min, min + SHORT);
    }

    /**
     * A number near {@code centre} more often than far from it: each side of the centre is cut into
     * buckets, each a fixed factor narrower than the one outside it (a third under a million, more
     * on wider ranges, so a range of any width has between a few and about sixteen buckets a side);
     * a bucket is drawn, every bucket as likely, then a number in it.
     *
     * @param min the least number drawn
     * @param centre where numbers crowd, in [min, max]
     * @param max the greatest (min and max must be less than 2^63 apart)
     * @return a number in [min, max]
     */
    public long biased(long min, long centre, long max) {
        List<long[]> buckets = new ArrayList<>();
        for (long far = centre - min, near; far > 0; far = near) { // below the centre, from the far end in
            near = far > NARROWEST ? far / ratio(far) : 0;
            buckets.add(new long[] {centre - far, centre - near - 1});
        }
        for (long far = max - centre, near; far >= 0; far = near - 1) { // the centre and above, from the far end in
            near = far > NARROWEST ? far / ratio(far) : 0;
            buckets.add(new long[] {centre + near, centre + far});
            if (near == 0) break;
        }
        long[] b = buckets.get(random.nextInt(buckets.size()));
        return b[1] == Long.MAX_VALUE ? b[1] - random.nextLong(b[1] - b[0] + 1) : random.nextLong(b[0], b[1] + 1);
    }

    /** How many times narrower a bucket is than the distance {@code far} (the width of the ones outside it and it). */
    private static long ratio(long far) {
        int bits = 64 - Long.numberOfLeadingZeros(far);
        if (bits < 20) return 3;
        if (bits < 30) return 6;
        if (bits < 40) return 357;
        if (bits < 50) return 6_340;
        return bits < 60 ? 59_049 : 365_616;
    }

    /** @return a byte, near 0 more often */
    public byte smallByte() {
        return (byte) biased(Byte.MIN_VALUE, 0, Byte.MAX_VALUE);
    }

    /** @return a byte, each as likely */
    public byte anyByte() {
        return (byte) random.nextInt(256);
    }

    /** @return a long, near 0 more often */
    public long anyLong() {
        return biased(-Long.MAX_VALUE, 0, Long.MAX_VALUE);
    }

    /** @return a string of {@link #size} up to {@code maxLength} characters in [lo, hi], each as likely */
    public String text(int maxLength, char lo, char hi) {
        char[] c = new char[size(0, maxLength)];
        for (int i = 0; i < c.length; i++) c[i] = (char) between(lo, hi);
        return new String(c);
    }

    /** @return {@code n} bytes, each as likely */
    public byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    /** @return a list of {@link #size}({@code min}, {@code max}) elements */
    public <T> List<T> list(int min, int max, Supplier<T> element) {
        int n = size(min, max);
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(element.get());
        return out;
    }
}
