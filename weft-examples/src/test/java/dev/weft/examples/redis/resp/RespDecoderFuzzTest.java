package dev.weft.examples.redis.resp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.fuzz.Draw;
import dev.weft.examples.fuzz.Failure;
import dev.weft.examples.fuzz.Fuzz;
import dev.weft.examples.fuzz.Property;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The decoder on generated and mutated inputs ({@link RespInputs}): it only ever answers a
 * request, "incomplete", or a {@link RespProtocolException}; decoding the bytes as they arrive in
 * chunks gives the same requests and the same error as decoding them at once; and it never
 * buffers past its limit. The same checks catch a decoder without limits and one that mishandles
 * a CRLF split between two reads.
 */
class RespDecoderFuzzTest {
    private static final RespLimits LIMITS = new RespLimits(1024, 4096, 64, 4, 16 * 1024);

    /** What decoding an input produced: the requests, then the error or "incomplete" that ended it. */
    record Outcome(List<String> requests, String end) {}

    /** A decoder as the check drives it: the real one, or (a subclass) a deliberately broken variant. */
    static class Decoding {
        private final RespDecoder d;

        Decoding(RespLimits limits) {
            this.d = new RespDecoder(limits);
        }

        /** As {@link RespDecoder#decodeRequest}. */
        byte[][] decodeRequest(byte[] a, int from, int to) throws RespProtocolException {
            return d.decodeRequest(a, from, to);
        }

        /** As {@link RespDecoder#consumed}. */
        int consumed() {
            return d.consumed();
        }
    }

    /**
     * The decoder with a bug at one split: a chunk that ends between a CR and its LF is refused, as
     * a decoder would that looked for a line's end within one read only.
     */
    static final class CrSplitRefused extends Decoding {
        CrSplitRefused(RespLimits limits) {
            super(limits);
        }

        @Override
        byte[][] decodeRequest(byte[] a, int from, int to) throws RespProtocolException {
            if (to > from && a[to - 1] == '\r') throw new RespProtocolException("CR without LF");
            return super.decodeRequest(a, from, to);
        }
    }

    /**
     * Decodes {@code a} as it arrives in chunks ending at {@code ends}; the end records why it
     * stopped. Fails if an incomplete request held more than {@code bound} bytes buffered.
     */
    static Outcome decodeAll(Decoding d, byte[] a, int[] ends, int bound) {
        List<String> requests = new ArrayList<>();
        int start = 0;
        for (int cut : ends) {
            while (true) {
                byte[][] args;
                try {
                    args = d.decodeRequest(a, start, cut);
                } catch (RespProtocolException e) {
                    return new Outcome(requests, "error: " + e.getMessage());
                }
                if (args == null) {
                    if (cut - start > bound) throw new AssertionError("buffered " + (cut - start) + " bytes of one request, over " + bound);
                    break;
                }
                if (d.consumed() <= 0) throw new AssertionError("a request consumed " + d.consumed() + " bytes");
                start += d.consumed();
                requests.add(Arrays.deepToString(args));
            }
        }
        return new Outcome(requests, "incomplete at " + start);
    }

    /** Chunked decoding gives what whole decoding gives (or a prefix of it, if it stopped incomplete). */
    static Property chunkedMatchesWhole(Function<RespLimits, Decoding> variant) {
        return in -> {
            Outcome whole = decodeAll(variant.apply(LIMITS), in.bytes(), new int[] {in.length()}, LIMITS.maxRequestBytes());
            Outcome chunked = decodeAll(variant.apply(LIMITS), in.bytes(), in.chunkEnds(), LIMITS.maxRequestBytes());
            List<String> w = whole.requests();
            List<String> c = chunked.requests();
            boolean agree = chunked.end().startsWith("incomplete")
                    ? w.size() >= c.size() && w.subList(0, c.size()).equals(c)
                    : chunked.equals(whole);
            return agree ? null : "chunked " + chunked + " but whole " + whole;
        };
    }

    @TestFactory
    Stream<DynamicTest> chunkedDecodingMatchesWholeDecodingAndNeverThrowsAnythingButAProtocolError() {
        return RespInputs.FUZZ.tries(RespInputs.BATCH, RespInputs::chunked, () -> chunkedMatchesWhole(Decoding::new));
    }

    @Test
    void atLeastATenthOfTheInputsDecodeARequestAndATenthAreRefused() {
        long seed = RespInputs.FUZZ.seed();
        Draw d = new Draw(seed);
        int count = 10_000;
        int decoded = 0;
        int refused = 0;
        for (int i = 0; i < count; i++) {
            byte[] input = RespInputs.next(d);
            Outcome whole = decodeAll(new Decoding(LIMITS), input, new int[] {input.length}, LIMITS.maxRequestBytes());
            if (!whole.requests().isEmpty()) decoded++;
            if (whole.end().startsWith("error")) refused++;
        }
        assertThat(decoded).as("seed %d: inputs with at least one request decoded", seed).isGreaterThan(count / 10);
        assertThat(refused).as("seed %d: inputs refused with a protocol error", seed).isGreaterThan(count / 10);
    }

    @TestFactory
    Stream<DynamicTest> everyGeneratedValueDecodesOrFailsCleanly() {
        return RespInputs.FUZZ.tries(RespInputs.BATCH, RespInputs::chunked, () -> in -> {
            RespDecoder d = new RespDecoder(LIMITS);
            byte[] input = in.bytes();
            int at = 0;
            try {
                while (at < input.length && d.decodeValue(input, at, input.length) != null) at += d.consumed();
            } catch (RespProtocolException expected) {
                // a clean refusal
            }
            return null;
        });
    }

    @Test
    void theBufferCheckFailsAgainstADecoderWithoutLimits() {
        long seed = RespInputs.FUZZ.seed();
        Failure f = Fuzz.find(seed, 10_000, RespInputs::chunked, () -> in -> {
            decodeAll(new Decoding(RespLimits.NONE), in.bytes(), in.chunkEnds(), LIMITS.maxRequestBytes());
            return null;
        });
        assertThat(f).as("seed %d: the check caught the unbounded decoder", seed).isNotNull();
        assertThat(f.violation()).contains("over " + LIMITS.maxRequestBytes());
    }

    @Test
    void theFuzzerCatchesADecoderThatMishandlesACrLfSplitAndShrinksTheInputToAFewBytes() {
        Failure.Shrunk s = Fuzz.findShrunk(RespInputs.FUZZ.seed(), RespInputs.BATCH, RespInputs::chunked,
                () -> chunkedMatchesWhole(CrSplitRefused::new));
        assertThat(s.input().length()).as(s.report()).isLessThanOrEqualTo(4);
        assertThat(s.input().cuts()).as(s.report()).hasSizeLessThanOrEqualTo(1);
        assertThat(s.violation()).as(s.report()).contains("CR without LF");
    }
}
