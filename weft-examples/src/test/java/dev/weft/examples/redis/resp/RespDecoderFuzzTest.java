package dev.weft.examples.redis.resp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.RandomGenerator;

/**
 * The decoder on {@link RespInputs#count()} generated and mutated inputs: it only ever answers a
 * request, "incomplete", or a {@link RespProtocolException}; decoding the bytes as they arrive in
 * chunks gives the same requests and the same error as decoding them at once; and it never
 * buffers past its limit.
 */
class RespDecoderFuzzTest {
    private static final RespLimits LIMITS = new RespLimits(1024, 4096, 64, 4, 16 * 1024);

    /** What decoding an input produced: the requests, then the error or "incomplete" that ended it. */
    record Outcome(List<String> requests, String end) {}

    /**
     * Decodes {@code a} as it arrives in chunks ending at {@code cuts}; the end records why it
     * stopped. Fails if an incomplete request held more than {@code bound} bytes buffered.
     */
    static Outcome decodeAll(RespDecoder d, byte[] a, int[] cuts, int bound) {
        List<String> requests = new ArrayList<>();
        int start = 0;
        for (int cut : cuts) {
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
                assertThat(d.consumed()).isPositive();
                start += d.consumed();
                requests.add(Arrays.deepToString(args));
            }
        }
        return new Outcome(requests, "incomplete at " + start);
    }

    @Example
    void chunkedDecodingMatchesWholeDecodingAndNeverThrowsAnythingButAProtocolError() {
        RandomGenerator<byte[]> gen = RespInputs.inputs().generator(1000);
        Random r = new Random(RespInputs.seed());
        int count = RespInputs.count();
        int decoded = 0;
        int refused = 0;
        for (int i = 0; i < count; i++) {
            byte[] input = gen.next(r).value();
            Outcome whole = decodeAll(new RespDecoder(LIMITS), input, new int[] {input.length}, LIMITS.maxRequestBytes());
            Outcome chunked = decodeAll(new RespDecoder(LIMITS), input, RespInputs.cuts(input, r), LIMITS.maxRequestBytes());
            if (!chunked.end().startsWith("incomplete")) {
                assertThat(chunked).as("input %d", i).isEqualTo(whole);
            } else {
                assertThat(whole.requests()).as("input %d", i).startsWith(chunked.requests().toArray(String[]::new));
            }
            if (!whole.requests().isEmpty()) decoded++;
            if (whole.end().startsWith("error")) refused++;
        }
        assertThat(decoded).as("inputs with at least one request decoded").isGreaterThan(count / 10);
        assertThat(refused).as("inputs refused with a protocol error").isGreaterThan(count / 10);
    }

    @Example
    void theBufferCheckFailsAgainstADecoderWithoutLimits() {
        RandomGenerator<byte[]> gen = RespInputs.inputs().generator(1000);
        Random r = new Random(RespInputs.seed());
        int tried = 0;
        AssertionError caught = null;
        for (; tried < Math.max(RespInputs.count(), 10_000) && caught == null; tried++) {
            byte[] input = gen.next(r).value();
            try {
                decodeAll(new RespDecoder(RespLimits.NONE), input, RespInputs.cuts(input, r), LIMITS.maxRequestBytes());
            } catch (AssertionError e) {
                caught = e;
            }
        }
        assertThat(caught).as("after %d inputs, the check caught the unbounded decoder", tried).isNotNull();
        assertThat(caught).hasMessageContaining("over " + LIMITS.maxRequestBytes());
    }

    @Example
    void everyGeneratedValueDecodesOrFailsCleanly() {
        RandomGenerator<byte[]> gen = RespInputs.inputs().generator(1000);
        Random r = new Random(RespInputs.seed() + 1);
        int count = RespInputs.count();
        for (int i = 0; i < count; i++) {
            byte[] input = gen.next(r).value();
            RespDecoder d = new RespDecoder(LIMITS);
            int at = 0;
            try {
                while (at < input.length && d.decodeValue(input, at, input.length) != null) at += d.consumed();
            } catch (RespProtocolException expected) {
                // a clean refusal
            }
        }
    }
}
