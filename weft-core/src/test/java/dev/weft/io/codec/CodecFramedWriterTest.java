package dev.weft.io.codec;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.io.IoFuture;
import dev.weft.testkit.MemoryWriter;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** {@link FramedWriter}: batching, backpressure, buffers that grow for a large frame. */
class CodecFramedWriterTest {

    @Test
    void framesFedBackToBackGoOutInOneWriteOnFlush() throws Exception {
        MemoryWriter sink = MemoryWriter.unbounded();
        FramedWriter<String> w = new FramedWriter<>(sink, LineCodec.utf8(100));
        for (int i = 0; i < 50; i++) Drained.complete(w.feed("line " + i));
        assertThat(sink.writes).as("feeding writes nothing").isZero();
        assertThat(w.buffered()).isPositive();
        Drained.complete(w.flush());
        assertThat(sink.writes).isEqualTo(1);
        assertThat(sink.flushes).isEqualTo(1);
        assertThat(w.buffered()).isZero();
    }

    @Test
    void sendFlushesEachFrameAndShutdownShutsTheSinkDown() throws Exception {
        MemoryWriter sink = MemoryWriter.unbounded();
        FramedWriter<String> w = new FramedWriter<>(sink, LineCodec.utf8(100));
        Drained.complete(w.send("one"));
        assertThat(sink.out.toString(UTF_8)).isEqualTo("one\n");
        Drained.complete(w.feed("two"));
        Drained.complete(w.shutdown());
        assertThat(sink.out.toString(UTF_8)).isEqualTo("one\ntwo\n");
        assertThat(sink.shut).isTrue();
    }

    @Test
    void underBackpressureAFeedThatFindsNoRoomIsPendingWithNothingOfItsFrameBuffered() throws Exception {
        MemoryWriter sink = MemoryWriter.pushingBack(1000);
        FramedWriter<byte[]> w = new FramedWriter<>(sink, new LengthPrefixedCodec(2, 6000));
        Drained.complete(w.feed(new byte[5000]));
        int before = w.buffered();
        IoFuture<Void> second = w.feed(new byte[5000]);
        assertThat(second.poll(Context.noop()).isPending()).isTrue();
        assertThat(w.buffered()).as("nothing of the second frame yet").isLessThanOrEqualTo(before);
        Drained.complete(second);
        Drained.complete(w.flush());
        assertThat(sink.out.size()).isEqualTo(2 * 5002);
    }

    @Test
    void aFrameLargerThanTheBufferGrowsItUpToTheEncodersBoundAndComesOutWhole() throws Exception {
        MemoryWriter sink = MemoryWriter.pushingBack(777);
        FramedWriter<byte[]> w = new FramedWriter<>(sink, new LengthPrefixedCodec(4, 1 << 20));
        byte[] big = new byte[100_000];
        for (int i = 0; i < big.length; i++) big[i] = (byte) i;
        Drained.complete(w.send(new byte[] {7}));
        Drained.complete(w.send(big));
        Drained.complete(w.send(new byte[] {8}));
        Drained<byte[]> back = Drained.of(new FramedReader<>(new ScriptedReader(sink.out.toByteArray(), 4096), new LengthPrefixedCodec(4, 1 << 20)));
        assertThat(back.error()).isNull();
        assertThat(back.frames()).containsExactly(new byte[] {7}, big, new byte[] {8});
    }

    @Test
    void anEncoderThatNeverFitsItsFrameIsReportedAsBroken() {
        Encoder<String> never = new Encoder<>() {
            @Override
            public boolean encode(String frame, ByteBuffer dst) {
                return false;
            }

            @Override
            public int maxFrameBytes() {
                return 20_000;
            }
        };
        FramedWriter<String> w = new FramedWriter<>(MemoryWriter.unbounded(), never);
        assertThatThrownBy(() -> Drained.complete(w.feed("x"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not encode a frame into 20000 bytes");
    }
}
