package dev.weft.io.codec;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.io.InvalidDataException;
import dev.weft.io.LimitExceededException;
import dev.weft.testkit.MemoryWriter;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LineCodec} through a {@link FramedReader} and a {@link FramedWriter}. */
class CodecLineTest {
    private static final String TEXT = "alpha\nbeta\r\n\r\n\ngamma with ünïcödé €𝄞\n" + "x".repeat(300) + "\nlast";
    private static final List<String> LINES = List.of("alpha", "beta", "", "", "gamma with ünïcödé €𝄞", "x".repeat(300), "last");

    private static Drained<String> lines(ScriptedReader in, LineCodec codec) {
        return Drained.of(new FramedReader<>(in, codec));
    }

    @Test
    void linesFedOneByteAtATimeComeOutWhole() {
        ScriptedReader in = ScriptedReader.byteByByte(TEXT.getBytes(UTF_8));
        Drained<String> got = lines(in, LineCodec.utf8(1000));
        assertThat(got.error()).isNull();
        assertThat(got.frames()).isEqualTo(LINES);
        assertThat(in.pendings).as("a pending before every byte").isEqualTo(TEXT.getBytes(UTF_8).length);
    }

    @Test
    void linesSplitInTwoAtEveryByteBoundaryComeOutTheSame() {
        byte[] bytes = TEXT.getBytes(UTF_8);
        for (int cut = 1; cut < bytes.length; cut++) {
            Drained<String> got = lines(new ScriptedReader(bytes, cut), LineCodec.utf8(1000));
            assertThat(got.error()).as("cut at %d", cut).isNull();
            assertThat(got.frames()).as("cut at %d", cut).isEqualTo(LINES);
        }
    }

    @Test
    void theEndOfTheInputEndsTheStreamAndItStaysEnded() throws Exception {
        assertThat(lines(new ScriptedReader(new byte[0]), LineCodec.utf8(10)).frames()).isEmpty();
        FramedReader<String> r = new FramedReader<>(new ScriptedReader("a\n".getBytes(UTF_8), 1), LineCodec.utf8(10));
        assertThat(Drained.of(r).frames()).containsExactly("a");
        assertThat(AsyncStream.isEnd(r.pollNext(Context.noop()))).isTrue();
    }

    @Test
    void aLastLineWithoutTerminatorIsALineAndALoneCarriageReturnEndingItIsDropped() {
        assertThat(lines(new ScriptedReader("a\nb".getBytes(UTF_8), 1), LineCodec.utf8(10)).frames()).containsExactly("a", "b");
        assertThat(lines(new ScriptedReader("a\nb\r".getBytes(UTF_8), 1), LineCodec.utf8(10)).frames()).containsExactly("a", "b");
    }

    @Test
    void aLineOfExactlyTheLimitIsTakenWithEitherTerminatorAndOneByteMoreIsNot() {
        String ok = "a".repeat(10) + "\n" + "b".repeat(10) + "\r\n" + "c".repeat(10);
        assertThat(lines(ScriptedReader.byteByByte(ok.getBytes(UTF_8)), LineCodec.utf8(10)).frames())
                .containsExactly("a".repeat(10), "b".repeat(10), "c".repeat(10));
        for (String tooLong : List.of("a".repeat(11) + "\n", "b".repeat(11) + "\r\n", "c".repeat(11))) {
            Drained<String> got = lines(ScriptedReader.byteByByte(("ok\n" + tooLong).getBytes(UTF_8)), LineCodec.utf8(10));
            assertThat(got.frames()).containsExactly("ok");
            assertThat(got.error()).isInstanceOf(LimitExceededException.class)
                    .hasMessage("a line is longer than the limit maxLineBytes = 10 bytes");
        }
    }

    @Test
    void aLineWithoutNewlineFailsOnceItPassesTheLimitWithoutReadingOn() {
        byte[] endless = "y".repeat(100_000).getBytes(UTF_8);
        ScriptedReader in = new ScriptedReader(endless, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7);
        FramedReader<String> r = new FramedReader<>(in, LineCodec.utf8(100));
        Drained<String> got = Drained.of(r);
        assertThat(got.error()).isInstanceOf(LimitExceededException.class);
        assertThat(((LimitExceededException) got.error()).limit()).isEqualTo(100);
        assertThat(in.delivered()).as("read stops in the chunk that crossed the limit").isLessThanOrEqualTo(102 + 7);
        assertThat(r.buffered()).as("the buffer is let go").isZero();
    }

    @Test
    void malformedUtf8EndsTheStreamWithAMessageNamingTheLineTheOffsetAndTheBytes() throws Exception {
        byte[] bad = concat("first\nsecond\n".getBytes(UTF_8), new byte[] {'a', 'b', (byte) 0xC3, '(', '\n'}, "after\n".getBytes(UTF_8));
        FramedReader<String> r = new FramedReader<>(ScriptedReader.byteByByte(bad), LineCodec.utf8(100));
        Drained<String> got = Drained.of(r);
        assertThat(got.frames()).containsExactly("first", "second");
        assertThat(got.error()).isInstanceOf(InvalidDataException.class)
                .hasMessage("line 3 is not valid UTF-8: malformed input (1 byte: 0xc3) at byte 2 of the line")
                .hasCauseInstanceOf(MalformedInputException.class);
        assertThat(AsyncStream.isEnd(r.pollNext(Context.noop()))).as("the error ended the stream").isTrue();
    }

    @Test
    void aLossyCodecReplacesMalformedBytesWithTheReplacementCharacter() {
        byte[] bad = {'a', (byte) 0xFF, 'b', '\n', (byte) 0xE2, (byte) 0x82, '\n'};
        Drained<String> got = lines(ScriptedReader.byteByByte(bad), LineCodec.utf8(100).lossy());
        assertThat(got.error()).isNull();
        assertThat(got.frames()).containsExactly("a\uFFFDb", "\uFFFD");
    }

    @Test
    void everyByteIsTextInIsoLatin1() {
        byte[] all = new byte[256 - 2];
        for (int i = 0, b = 0; b < 256; b++) if (b != '\n' && b != '\r') all[i++] = (byte) b;
        Drained<String> got = lines(new ScriptedReader(all, 3), LineCodec.of(ISO_8859_1, 300));
        assertThat(got.frames()).containsExactly(new String(all, ISO_8859_1));
    }

    @Test
    void aCharsetThatDoesNotEncodeNewlineAsAsciiIsRefused() {
        assertThatThrownBy(() -> LineCodec.of(StandardCharsets.UTF_16, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LineCodec.utf8(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEncoderAppendsANewlineAndItsLinesDecodeBackToThemselves() throws Exception {
        MemoryWriter sink = MemoryWriter.unbounded();
        FramedWriter<String> w = new FramedWriter<>(sink, LineCodec.utf8(1000));
        for (String line : LINES) Drained.complete(w.feed(line));
        Drained.complete(w.flush());
        assertThat(sink.out.toString(UTF_8)).isEqualTo(String.join("\n", LINES) + "\n");
        assertThat(lines(new ScriptedReader(sink.out.toByteArray(), 5), LineCodec.utf8(1000)).frames()).isEqualTo(LINES);
    }

    @Test
    void theEncoderRefusesALineItCouldNotSendWholeAndTheWriterStaysUsable() throws Exception {
        MemoryWriter sink = MemoryWriter.unbounded();
        FramedWriter<String> w = new FramedWriter<>(sink, LineCodec.utf8(10));
        Drained.complete(w.feed("before"));
        assertThatThrownBy(() -> Drained.complete(w.feed("a\nb"))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\\n");
        assertThatThrownBy(() -> Drained.complete(w.feed("ends\r"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Drained.complete(w.feed("\uD800 unpaired"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Drained.complete(w.feed("é".repeat(6)))).isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("maxLineBytes = 10");
        Drained.complete(w.send("after"));
        assertThat(sink.out.toString(UTF_8)).isEqualTo("before\nafter\n");
    }

    @Test
    void aLossyEncoderReplacesWhatTheCharsetCannotEncode() throws Exception {
        ByteBuffer dst = ByteBuffer.allocate(20);
        assertThat(LineCodec.utf8(10).lossy().encode("a\uD800b", dst)).isTrue();
        assertThat(new String(dst.array(), 0, dst.position(), UTF_8)).isEqualTo("a?b\n");
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
