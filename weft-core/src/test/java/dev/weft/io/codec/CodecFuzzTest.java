package dev.weft.io.codec;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.AsyncStream;
import dev.weft.io.AsyncIo;
import dev.weft.io.AsyncRead;
import dev.weft.io.BufReader;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every decoder, bounded and fuzzed: a few thousand seeded random inputs in random chunks each,
 * checked against a reference splitter by {@link FuzzHarness}; and the harness shown to reject a
 * decoder with its limit check broken.
 */
@Timeout(30)
class CodecFuzzTest {
    private static final long SEED = 0x5EED_C0DECL;
    private static final int CASES = 3000;

    /** Lines through a decoder made by {@code decoder}, against the reference. */
    private static FuzzHarness.Subject lines(IntFunction<Decoder<String>> decoder, boolean lossy) {
        return new FuzzHarness.Subject() {
            @Override public int randomLimit(Random random) { return LineReference.randomLimit(random); }
            @Override public byte[] randomInput(Random random, int limit) { return LineReference.randomInput(random, limit); }
            @Override public FuzzHarness.Expected reference(byte[] input, int limit) { return LineReference.split(input, limit, lossy); }
            @Override public Decoder<?> decoder(int limit) { return decoder.apply(limit); }
            @Override public AsyncStream<?> stream(AsyncRead in, int limit) { return new FramedReader<>(in, decoder.apply(limit)); }
        };
    }

    private static FuzzHarness.Subject lengthPrefixed(int fieldBytes) {
        return new FuzzHarness.Subject() {
            @Override public int randomLimit(Random random) { return random.nextInt(fieldBytes == 1 ? 255 : 40); }
            @Override public byte[] randomInput(Random random, int limit) { return LengthPrefixedReference.randomInput(random, fieldBytes, limit); }
            @Override public FuzzHarness.Expected reference(byte[] input, int limit) { return LengthPrefixedReference.split(input, fieldBytes, limit); }
            @Override public Decoder<?> decoder(int limit) { return new LengthPrefixedCodec(fieldBytes, limit); }
            @Override public AsyncStream<?> stream(AsyncRead in, int limit) { return new FramedReader<>(in, decoder(limit)); }
        };
    }

    @Test
    void strictLineCodecAgreesWithTheReferenceOnRandomInputsInRandomChunks() {
        FuzzHarness.run("LineCodec.utf8", lines(LineCodec::utf8, false), SEED, CASES);
    }

    @Test
    void lossyLineCodecAgreesWithTheReferenceOnRandomInputsInRandomChunks() {
        FuzzHarness.run("LineCodec.utf8.lossy", lines(limit -> LineCodec.utf8(limit).lossy(), true), SEED + 1, CASES);
    }

    @Test
    void asyncIoLinesAgreesWithTheReferenceOnRandomInputsInRandomChunks() {
        Random sizes = new Random(SEED);
        FuzzHarness.Subject subject = new FuzzHarness.Subject() {
            @Override public int randomLimit(Random random) { return LineReference.randomLimit(random); }
            @Override public byte[] randomInput(Random random, int limit) { return LineReference.randomInput(random, limit); }
            @Override public FuzzHarness.Expected reference(byte[] input, int limit) { return LineReference.split(input, limit, false); }
            @Override public Decoder<?> decoder(int limit) { return null; }
            @Override public AsyncStream<?> stream(AsyncRead in, int limit) {
                return AsyncIo.lines(new BufReader(in, 1 + sizes.nextInt(16)), UTF_8, limit);
            }
        };
        FuzzHarness.run("AsyncIo.lines", subject, SEED + 2, CASES);
    }

    @Test
    void lengthPrefixedCodecAgreesWithTheReferenceForEachLengthFieldSize() {
        for (int field : new int[] {1, 2, 4}) FuzzHarness.run("LengthPrefixedCodec(" + field + ")", lengthPrefixed(field), SEED + field, CASES);
    }

    @Test
    void theFuzzHarnessRejectsALineDecoderThatChecksItsLimitOnlyWithinAChunk() {
        assertThatThrownBy(() -> FuzzHarness.run("ChunkBlindLineDecoder", lines(ChunkBlindLineDecoder::new, true), SEED, CASES))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("ChunkBlindLineDecoder, seed " + SEED)
                .hasMessageMatching("(?s).*(did not enforce its limit|expected class dev.weft.io.LimitExceededException|frames .* expected).*")
                .satisfies(e -> System.out.println("the harness on ChunkBlindLineDecoder: " + e.getMessage().lines().findFirst().orElse("")));
    }

    @Test
    void theFuzzHarnessRejectsADecoderThatDropsATruncatedFrameAtTheEnd() {
        FuzzHarness.Subject dropping = new FuzzHarness.Subject() {
            private final FuzzHarness.Subject honest = lengthPrefixed(2);
            @Override public int randomLimit(Random random) { return honest.randomLimit(random); }
            @Override public byte[] randomInput(Random random, int limit) { return honest.randomInput(random, limit); }
            @Override public FuzzHarness.Expected reference(byte[] input, int limit) { return honest.reference(input, limit); }
            @Override public Decoder<?> decoder(int limit) {
                LengthPrefixedCodec codec = new LengthPrefixedCodec(2, limit);
                return new Decoder<byte[]>() {
                    @Override public byte[] decode(ByteBuffer src) throws java.io.IOException { return codec.decode(src); }
                    @Override public byte[] decodeEof(ByteBuffer src) throws java.io.IOException {
                        byte[] frame = codec.decode(src);
                        if (frame == null) src.position(src.limit()); // the flaw: the rest is dropped in silence
                        return frame;
                    }
                    @Override public int maxFrameBytes() { return codec.maxFrameBytes(); }
                };
            }
            @Override public AsyncStream<?> stream(AsyncRead in, int limit) { return new FramedReader<>(in, decoder(limit)); }
        };
        assertThatThrownBy(() -> FuzzHarness.run("dropping", dropping, SEED, CASES))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected class java.io.EOFException")
                .satisfies(e -> System.out.println("the harness on the dropping decoder: " + e.getMessage().lines().findFirst().orElse("")));
    }

    @Test
    void theHonestDecodersPassTheSameCasesTheBrokenOnesFail() {
        assertThat(FuzzHarness.DOCUMENTED).hasSize(3);
        FuzzHarness.run("LineCodec.utf8.lossy (as the broken one is run)", lines(limit -> LineCodec.utf8(limit).lossy(), true), SEED, CASES);
    }
}
