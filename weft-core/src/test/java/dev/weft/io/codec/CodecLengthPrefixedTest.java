package dev.weft.io.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.io.LimitExceededException;
import dev.weft.testkit.MemoryWriter;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LengthPrefixedCodec} through a {@link FramedReader} and a {@link FramedWriter}. */
class CodecLengthPrefixedTest {
    private static final List<byte[]> FRAMES = List.of(new byte[] {1, 2, 3}, new byte[0], new byte[200], new byte[] {-1});

    private static byte[] encoded(LengthPrefixedCodec codec, List<byte[]> frames) throws Exception {
        MemoryWriter sink = MemoryWriter.pushingBack(5);
        FramedWriter<byte[]> w = new FramedWriter<>(sink, codec);
        for (byte[] f : frames) Drained.complete(w.feed(f));
        Drained.complete(w.flush());
        return sink.out.toByteArray();
    }

    @Test
    void framesRoundTripWithEachLengthFieldSizeSplitAtEveryByteBoundary() throws Exception {
        for (int field : new int[] {1, 2, 4}) {
            LengthPrefixedCodec codec = new LengthPrefixedCodec(field, 255);
            byte[] wire = encoded(codec, FRAMES);
            assertThat(wire).hasSize(FRAMES.size() * field + 204);
            for (int cut = 1; cut < wire.length; cut++) {
                Drained<byte[]> got = Drained.of(new FramedReader<>(new ScriptedReader(wire, cut), codec));
                assertThat(got.error()).as("field %d, cut at %d", field, cut).isNull();
                assertThat(got.frames()).as("field %d, cut at %d", field, cut).containsExactlyElementsOf(FRAMES);
            }
            Drained<byte[]> oneByOne = Drained.of(new FramedReader<>(ScriptedReader.byteByByte(wire), codec));
            assertThat(oneByOne.frames()).containsExactlyElementsOf(FRAMES);
        }
    }

    @Test
    void theLengthIsBigEndianAndUnsigned() throws Exception {
        assertThat(encoded(new LengthPrefixedCodec(2, 300), List.of(new byte[258]))).startsWith(1, 2);
        byte[] wire = new byte[4 + 200];
        wire[3] = (byte) 200; // 200 as an unsigned byte of a 4-byte field
        assertThat(Drained.of(new FramedReader<>(new ScriptedReader(wire, 3), new LengthPrefixedCodec(4, 255))).frames())
                .singleElement().satisfies(f -> assertThat(f).hasSize(200));
    }

    @Test
    void aLengthOverTheLimitFailsAsSoonAsTheFieldArrivesBeforeThePayload() {
        byte[] header = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xF0, 0, 0, 0, 0, 0, 0};
        ScriptedReader in = new ScriptedReader(header, 4, 1, 1, 1, 1, 1, 1);
        FramedReader<byte[]> r = new FramedReader<>(in, new LengthPrefixedCodec(4, 1 << 20));
        Drained<byte[]> got = Drained.of(r);
        assertThat(got.error()).isInstanceOf(LimitExceededException.class)
                .hasMessage("a frame of 4294967280 bytes is longer than the limit maxLength = 1048576 bytes");
        assertThat(in.delivered()).as("only the length field was read").isEqualTo(4);
    }

    @Test
    void theInputEndingInsideAFrameIsReportedNotDropped() {
        LengthPrefixedCodec codec = new LengthPrefixedCodec(2, 100);
        for (byte[] truncated : List.of(new byte[] {0}, new byte[] {0, 5, 1, 2}, new byte[] {0, 1, 9, 0})) {
            Drained<byte[]> got = Drained.of(new FramedReader<>(ScriptedReader.byteByByte(truncated), codec));
            assertThat(got.error()).as("%s", java.util.Arrays.toString(truncated)).isInstanceOf(EOFException.class)
                    .hasMessageContaining("the input ended inside a frame");
        }
    }

    @Test
    void theInputEndingBetweenFramesEndsTheStream() {
        Drained<byte[]> got = Drained.of(new FramedReader<>(new ScriptedReader(new byte[] {0, 1, 7, 0, 0}, 1), new LengthPrefixedCodec(2, 100)));
        assertThat(got.error()).isNull();
        assertThat(got.frames()).hasSize(2);
        assertThat(Drained.of(new FramedReader<>(new ScriptedReader(new byte[0]), new LengthPrefixedCodec(1, 1))).frames()).isEmpty();
    }

    @Test
    void theEncoderRefusesAFrameOverTheLimitAndAnswersFalseWithoutRoom() throws Exception {
        LengthPrefixedCodec codec = new LengthPrefixedCodec(1, 10);
        assertThatThrownBy(() -> codec.encode(new byte[11], ByteBuffer.allocate(100))).isInstanceOf(LimitExceededException.class);
        ByteBuffer small = ByteBuffer.allocate(5);
        assertThat(codec.encode(new byte[5], small)).isFalse();
        assertThat(small.position()).isZero();
    }

    @Test
    void limitsTheLengthFieldCannotHoldAreRefused() {
        assertThatThrownBy(() -> new LengthPrefixedCodec(1, 256)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LengthPrefixedCodec(2, 65_536)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LengthPrefixedCodec(3, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new LengthPrefixedCodec(2, 65_535).maxFrameBytes()).isEqualTo(65_537);
    }
}
