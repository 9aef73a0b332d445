package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.time.Duration;
import java.util.Random;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Example;
import net.jqwik.api.RandomGenerator;
import org.junit.jupiter.api.Assertions;

/**
 * The decoder and whole connections under generated and mutated input ({@link FuzzInputs}): no
 * exception other than a protocol refusal, no hang, memory within the limits' bound; and the same
 * memory check catching a decoder whose limits are lifted. jqwik examples: the inputs are
 * generated on jqwik's thread, in batches; each batch is checked under a time limit on a thread of
 * its own, so a hang fails the test instead of stalling it.
 */
class FuzzTest {
    /** Small limits, so that generated inputs cross them often. */
    static final Limits LIMITS = new Limits(256, 16, 1024, 4096, Duration.ofSeconds(5));
    /** The decoder with its limits lifted: the deliberately unbounded variant. */
    static final Limits UNBOUNDED = new Limits(Integer.MAX_VALUE / 4, Integer.MAX_VALUE, Integer.MAX_VALUE / 4,
            Integer.MAX_VALUE / 4, Duration.ofSeconds(5));
    private static final long SLOW_NANOS = Duration.ofSeconds(2).toNanos();

    /**
     * Decodes {@code input} in pieces of random sizes, checking after every piece.
     *
     * @return what broke the rules (an escaping exception, memory beyond {@code bound}), or null
     */
    static String decoderViolation(Limits limits, long bound, byte[] input, Random pieces) {
        RequestDecoder d = new RequestDecoder(limits);
        int at = 0;
        try {
            while (at < input.length) {
                java.nio.ByteBuffer in = d.readBuffer();
                int n = Math.min(Math.min(1 + pieces.nextInt(512), in.remaining()), input.length - at);
                in.put(input, at, n);
                d.filled(n);
                at += n;
                while (d.next() != null) {
                    d.takeContinue();
                }
                if (d.retainedBytes() > bound) return "retains " + d.retainedBytes() + " bytes, bound " + bound;
            }
        } catch (ProtocolError refused) {
            if (refused.status() < 400 || refused.status() > 505) return "odd status " + refused.status();
        } catch (RuntimeException bug) {
            return "escaped: " + bug;
        }
        return d.retainedBytes() > bound ? "retains " + d.retainedBytes() + " bytes, bound " + bound : null;
    }

    /** Generates {@code count} inputs and checks them in batches, each batch within {@link #BATCH_LIMIT}. */
    static void forEachInput(int count, long seed, Consumer<Input> check) {
        RandomGenerator<byte[]> gen = FuzzInputs.generator();
        Random random = new Random(seed);
        for (int from = 0; from < count; from += BATCH) {
            List<Input> batch = new ArrayList<>();
            for (int i = from; i < Math.min(count, from + BATCH); i++) batch.add(new Input(i, seed, gen.next(random).value()));
            Assertions.assertTimeoutPreemptively(BATCH_LIMIT, () -> batch.forEach(check),
                    () -> "a batch of inputs from " + batch.get(0).index() + " (seed " + seed + ") hung");
        }
    }

    /** One generated input: its index and the run's seed name it for a rerun. */
    record Input(int index, long seed, byte[] bytes) {}

    private static final int BATCH = 1000;
    private static final Duration BATCH_LIMIT = Duration.ofSeconds(60);

    /** @return the first violation among {@code count} generated inputs, or null */
    static String firstDecoderViolation(Limits limits, long bound, int count, long seed) {
        String[] first = {null};
        forEachInput(count, seed, in -> {
            if (first[0] != null) return;
            String v = decoderViolation(limits, bound, in.bytes(), new Random(seed + in.index()));
            if (v != null) first[0] = "input " + in.index() + " (seed " + seed + "): " + v;
        });
        return first[0];
    }

    @Example
    void theDecoderNeitherThrowsNorOutgrowsItsLimitsOnFuzzedInput() {
        assertThat(firstDecoderViolation(LIMITS, Bounds.of(LIMITS), FuzzInputs.count(), FuzzInputs.seed())).isNull();
    }

    @Example
    void theSameCheckCatchesADecoderWhoseLimitsAreLifted() {
        assertThat(firstDecoderViolation(UNBOUNDED, Bounds.of(LIMITS), Math.min(FuzzInputs.count(), 20_000), FuzzInputs.seed()))
                .as("the unbounded decoder outgrows the bound on the long runs").isNotNull().contains("retains");
    }

    @Example
    void wholeConnectionsEndCleanlyOnFuzzedInput() {
        Router routes = Routes.all(null).build();
        int count = Math.max(1, FuzzInputs.count() / 4); // a connection costs about 4 decoder runs
        forEachInput(count, FuzzInputs.seed(), in -> {
            Random pieces = new Random(in.seed() + in.index());
            ScriptedTransport t = new ScriptedTransport(in.bytes(), read -> 1 + pieces.nextInt(1024));
            long t0 = System.nanoTime();
            try {
                Weft.blockOn(HttpConnection.serve(t, routes, LIMITS, HttpDate.SHARED));
            } catch (Throwable escaped) {
                throw new AssertionError("input " + in.index() + " (seed " + in.seed() + "): escaped " + escaped, escaped);
            }
            long took = System.nanoTime() - t0;
            int i = in.index();
            assertThat(took).as("input %d took %d ms", i, took / 1_000_000).isLessThan(SLOW_NANOS);
            assertThat(t.closed()).as("input %d: connection closed", i).isTrue();
            // at most one answer (under 600 bytes here) per 16 input bytes, plus one refusal
            assertThat(t.written()).as("input %d: output bounded", i).isLessThanOrEqualTo(600L * (in.bytes().length / 16 + 2));
        });
    }
}
