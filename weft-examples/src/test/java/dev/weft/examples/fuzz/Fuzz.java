package dev.weft.examples.fuzz;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicTest;

/**
 * Runs a property over generated inputs as JUnit dynamic tests, one a try: try {@code i} draws its
 * inputs from seed {@code base + i} ({@link Draw}), checks each with a property made fresh for the
 * try, and fails on the first violation, naming the seed and the input, and printing the input
 * shrunk ({@link Failure#shrink}). A try that runs longer than {@link #TRY_LIMIT} fails as a hang.
 *
 * <p>The base seed is fresh each run; {@code -D<name>.seed=S} replays a run (with
 * {@code -D<name>.tries=1}, only the try of seed {@code S}), and {@code -D<name>.tries=N} scales a
 * hand run.
 *
 * {@snippet :
 * class DecoderFuzzTest {
 *     static final Fuzz FUZZ = new Fuzz("weft.redis.fuzz", 40);
 *
 *     @TestFactory Stream<DynamicTest> decodingNeverThrows() { // 40 tests of 2500 inputs each
 *         return FUZZ.tries(2500, d -> Chunked.whole(RespInputs.next(d)), () -> in -> decode(in));
 *     }
 * }
 * }
 *
 * @param name the prefix of the system properties, e.g. {@code weft.redis.fuzz}
 * @param defaultTries how many tries a run makes unless {@code -D<name>.tries} says otherwise
 */
public record Fuzz(String name, int defaultTries) {
    /** The longest a try may take (shrinking included) before it fails as a hang. */
    public static final Duration TRY_LIMIT = Duration.ofSeconds(60);

    /** @return the base seed of a run: {@code -D<name>.seed}, or a fresh one */
    public long seed() {
        return Long.getLong(name + ".seed", ThreadLocalRandom.current().nextLong());
    }

    /** @return how many tries a run makes: {@code -D<name>.tries}, or the default */
    public int tries() {
        return Integer.getInteger(name + ".tries", defaultTries);
    }

    /**
     * @param batch how many inputs a try checks
     * @param inputs draws one input
     * @param property makes the property to check, fresh for each try and for each shrinking step
     * @return the tries, each a test named by its seed
     */
    public Stream<DynamicTest> tries(int batch, Function<Draw, Chunked> inputs, Supplier<Property> property) {
        long base = seed();
        return IntStream.range(0, tries()).mapToObj(i -> DynamicTest.dynamicTest(
                "seed " + (base + i) + " (" + replay(base + i) + ")", () -> check(base + i, batch, inputs, property)));
    }

    /** @return how to run the try of {@code seed} alone */
    private String replay(long seed) {
        return "replay: -D" + name + ".seed=" + seed + " -D" + name + ".tries=1";
    }

    private void check(long seed, int batch, Function<Draw, Chunked> inputs, Supplier<Property> property) {
        AtomicInteger at = new AtomicInteger();
        String failed = Assertions.assertTimeoutPreemptively(TRY_LIMIT, () -> {
            Failure f = find(seed, batch, inputs, property, at);
            return f == null ? null : f.report(f.shrink(property));
        }, () -> "the try of seed " + seed + " hung at input " + at.get() + " (" + replay(seed) + ")");
        if (failed != null) throw new AssertionError(failed + "\n  " + replay(seed));
    }

    /**
     * @param seed what the inputs are drawn from
     * @param count how many inputs to check at most
     * @param inputs draws one input
     * @param property makes the property (once: its state carries from input to input)
     * @return the first input that breaks the property, not shrunk; null if none does
     */
    public static Failure find(long seed, int count, Function<Draw, Chunked> inputs, Supplier<Property> property) {
        return find(seed, count, inputs, property, new AtomicInteger());
    }

    /**
     * For the tests of the fuzz tests themselves, which show a check catching a broken variant:
     * finds the first input that breaks {@code property}, shrinks it and prints both.
     *
     * @return the input shrunk
     * @throws AssertionError if none of the {@code count} inputs breaks it, or the one found does
     *     not on its own
     */
    public static Failure.Shrunk findShrunk(long seed, int count, Function<Draw, Chunked> inputs, Supplier<Property> property) {
        Failure f = find(seed, count, inputs, property);
        if (f == null) throw new AssertionError("none of " + count + " inputs of seed " + seed + " breaks the property");
        Failure.Shrunk s = f.shrink(property);
        if (s == null) throw new AssertionError(f.report(null));
        System.out.println(s.report());
        return s;
    }

    private static Failure find(long seed, int count, Function<Draw, Chunked> inputs, Supplier<Property> property,
            AtomicInteger at) {
        Draw d = new Draw(seed);
        Property p = property.get();
        for (int i = 0; i < count; i++) {
            at.set(i);
            Chunked in = inputs.apply(d);
            String v = p.check(in);
            if (v != null) return new Failure(seed, i, in, v);
        }
        return null;
    }
}
