package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.examples.Transport;
import dev.weft.examples.fuzz.Chunked;
import dev.weft.examples.fuzz.Draw;
import dev.weft.examples.fuzz.Failure;
import dev.weft.examples.fuzz.Fuzz;
import dev.weft.examples.fuzz.Property;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The decoder and whole connections under generated and mutated input ({@link FuzzInputs}), read
 * in pieces of random sizes: no exception other than a protocol refusal, no hang, memory within
 * the limits' bound. The same memory check catches a decoder whose limits are lifted, and the
 * same escape check one that trips over a CRLF split between two reads.
 */
class FuzzTest {
    /** Small limits, so that generated inputs cross them often. */
    static final Limits LIMITS = new Limits(256, 16, 1024, 4096, Duration.ofSeconds(5));
    /** The decoder with its limits lifted: the deliberately unbounded variant. */
    static final Limits UNBOUNDED = new Limits(Integer.MAX_VALUE / 4, Integer.MAX_VALUE, Integer.MAX_VALUE / 4,
            Integer.MAX_VALUE / 4, Duration.ofSeconds(5));
    private static final long SLOW_NANOS = Duration.ofSeconds(2).toNanos();
    /** How many inputs a try of the decoder checks: 40 tries make 100000. */
    private static final int BATCH = 2500;
    /** How many whole connections a try serves: a connection costs about 4 decoder runs, so 40 tries make 25000. */
    private static final int CONNECTION_BATCH = BATCH / 4;
    private static final Router ROUTES = Routes.all(null).build();

    /** An input read by the decoder in pieces of 1 to 512 bytes. */
    static Chunked decoderInput(Draw d) {
        return Chunked.cutEvery(FuzzInputs.next(d), 512, d);
    }

    /** The decoder as the check feeds it; a subclass is a deliberately broken variant. */
    static class Intake {
        final RequestDecoder decoder;

        Intake(Limits limits) {
            this.decoder = new RequestDecoder(limits);
        }

        /** Puts up to {@code n} bytes of {@code input} from {@code from} into the decoder, as a read; answers how many fit. */
        int read(byte[] input, int from, int n) {
            ByteBuffer in = decoder.readBuffer();
            int k = Math.min(n, in.remaining());
            in.put(input, from, k);
            decoder.filled(k);
            return k;
        }
    }

    /**
     * The decoder with a bug at one split: its line scanner trips (an exception escapes) when a
     * read begins with the LF of a CRLF whose CR ended the read before.
     */
    static final class CrLfSplitTrips extends Intake {
        private boolean crLast;

        CrLfSplitTrips(Limits limits) {
            super(limits);
        }

        @Override
        int read(byte[] input, int from, int n) {
            if (crLast && n > 0 && input[from] == '\n') throw new IllegalStateException("LF at the start of a read");
            int k = super.read(input, from, n);
            crLast = k > 0 && input[from + k - 1] == '\r';
            return k;
        }
    }

    /**
     * Decodes {@code in} piece by piece, checking after every piece; an exception other than a
     * protocol refusal escapes.
     *
     * @return what broke the rules (memory beyond {@code bound}, an odd refusal), or null
     */
    static String decoderViolation(Function<Limits, Intake> variant, Limits limits, long bound, Chunked in) {
        Intake intake = variant.apply(limits);
        RequestDecoder d = intake.decoder;
        try {
            for (int at = 0; at < in.length(); ) {
                at += intake.read(in.bytes(), at, in.chunkEnd(at) - at);
                while (d.next() != null) d.takeContinue();
                if (d.retainedBytes() > bound) return "retains " + d.retainedBytes() + " bytes, bound " + bound;
            }
        } catch (ProtocolError refused) {
            if (refused.status() < 400 || refused.status() > 505) return "odd status " + refused.status();
        }
        return d.retainedBytes() > bound ? "retains " + d.retainedBytes() + " bytes, bound " + bound : null;
    }

    @TestFactory
    Stream<DynamicTest> theDecoderNeitherThrowsNorOutgrowsItsLimitsOnFuzzedInput() {
        return FuzzInputs.FUZZ.tries(BATCH, FuzzTest::decoderInput,
                () -> in -> decoderViolation(Intake::new, LIMITS, Bounds.of(LIMITS), in));
    }

    @Test
    void theSameCheckCatchesADecoderWhoseLimitsAreLifted() {
        long seed = FuzzInputs.FUZZ.seed();
        Failure f = Fuzz.find(seed, 20_000, FuzzTest::decoderInput,
                () -> in -> decoderViolation(Intake::new, UNBOUNDED, Bounds.of(LIMITS), in));
        assertThat(f).as("seed %d: the unbounded decoder outgrows the bound on the long runs", seed).isNotNull();
        assertThat(f.violation()).contains("retains");
    }

    @TestFactory
    Stream<DynamicTest> wholeConnectionsEndCleanlyOnFuzzedInput() {
        return FuzzInputs.FUZZ.tries(CONNECTION_BATCH, d -> Chunked.cutEvery(FuzzInputs.next(d), 1024, d),
                () -> FuzzTest::connectionViolation);
    }

    /** Serves {@code in} on a connection of its own, each read up to the next chunk end. */
    private static String connectionViolation(Chunked in) throws Exception {
        ScriptedTransport t = new ScriptedTransport(in);
        long t0 = System.nanoTime();
        Weft.blockOn(HttpConnection.serve(t, ROUTES, LIMITS, HttpDate.SHARED));
        long took = System.nanoTime() - t0;
        if (took >= SLOW_NANOS) return "took " + took / 1_000_000 + " ms";
        if (!t.closed()) return "the connection was left open";
        // at most one answer (under 600 bytes here) per 16 input bytes, plus one refusal
        long most = 600L * (in.length() / 16 + 2);
        return t.written() <= most ? null : "wrote " + t.written() + " bytes, over " + most;
    }

    @Test
    void theFuzzerCatchesADecoderThatTripsOverACrLfSplitAndShrinksTheInputToAFewBytes() {
        Failure.Shrunk s = Fuzz.findShrunk(FuzzInputs.FUZZ.seed(), BATCH, FuzzTest::decoderInput,
                () -> in -> decoderViolation(CrLfSplitTrips::new, LIMITS, Bounds.of(LIMITS), in));
        assertThat(s.violation()).as(s.report()).contains("LF at the start of a read");
        assertThat(s.input().length()).as(s.report()).isLessThanOrEqualTo(4);
        assertThat(s.input().cuts()).as(s.report()).hasSizeLessThanOrEqualTo(1);
    }
}
