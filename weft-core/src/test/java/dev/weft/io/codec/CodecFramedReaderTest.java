package dev.weft.io.codec;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.LimitExceededException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link FramedReader}: its bound, what a cancel leaves, and handing over what it did not decode. */
class CodecFramedReaderTest {

    /** A decoder that never finds a frame: only the reader's own bound stops it. */
    private static Decoder<String> neverAFrame(int maxFrameBytes) {
        return new Decoder<>() {
            @Override
            public String decode(ByteBuffer src) {
                return null;
            }

            @Override
            public int maxFrameBytes() {
                return maxFrameBytes;
            }
        };
    }

    @Test
    void aDecoderThatNeverFindsAFrameIsStoppedAtItsBoundAfterTheBufferGrewToIt() {
        ScriptedReader in = new ScriptedReader(new byte[1 << 20], 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000);
        FramedReader<String> r = new FramedReader<>(in, neverAFrame(20_000));
        Drained<String> got = Drained.of(r);
        assertThat(got.error()).isInstanceOf(LimitExceededException.class)
                .hasMessage("a frame is longer than the limit maxFrameBytes = 20000 bytes");
        assertThat(in.delivered()).as("read up to the bound, no further").isEqualTo(20_000);
    }

    @Test
    void aNextAbandonedInTheMiddleOfAFrameLosesNothingOfIt() throws Exception {
        FramedReader<String> r = new FramedReader<>(ScriptedReader.byteByByte("hello\nworld\n".getBytes(UTF_8)), LineCodec.utf8(10));
        Future<Optional<String>> first = r.next();
        for (int i = 0; i < 5; i++) assertThat(first.poll(Context.noop()).isPending()).isTrue();
        first.cancel(); // abandoned with "he" read
        Future<Optional<String>> again = r.next();
        Poll<Optional<String>> p;
        do p = again.poll(Context.noop()); while (p.isPending());
        assertThat(p.value()).contains("hello");
        assertThat(Drained.of(r).frames()).containsExactly("world");
    }

    @Test
    void takeBufferedHandsOverWhatCameAfterTheLastFrameAndEndsTheStream() throws Exception {
        byte[] wire = "HTTP/1.1 200 OK\r\nA: b\r\n\r\nbody bytes".getBytes(UTF_8);
        FramedReader<String> head = new FramedReader<>(new ScriptedReader(wire, wire.length), LineCodec.utf8(100));
        Poll<String> p;
        do p = head.pollNext(Context.noop()); while (p.isPending());
        assertThat(p.value()).isEqualTo("HTTP/1.1 200 OK");
        assertThat(head.pollNext(Context.noop()).value()).isEqualTo("A: b");
        assertThat(head.pollNext(Context.noop()).value()).isEmpty();
        assertThat(head.buffered()).isEqualTo("body bytes".length());
        assertThat(new String(head.takeBuffered(), UTF_8)).isEqualTo("body bytes");
        assertThat(AsyncStream.isEnd(head.pollNext(Context.noop()))).isTrue();
    }

    @Test
    void aReaderErrorEndsTheStream() throws Exception {
        FramedReader<String> r = new FramedReader<>((cx, dst) -> {
            throw new IOException("reset");
        }, LineCodec.utf8(10));
        assertThat(Drained.of(r).error()).hasMessage("reset");
        assertThat(AsyncStream.isEnd(r.pollNext(Context.noop()))).isTrue();
    }
}
