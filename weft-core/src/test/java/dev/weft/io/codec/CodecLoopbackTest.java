package dev.weft.io.codec;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Frames written by a {@link FramedWriter} come back whole through a real socket on 127.0.0.1. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CodecLoopbackTest {

    @Test
    void linesSentBackToBackAreAnsweredOneByOneThroughALoopbackSocket() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build();
                TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            Task<Integer> server = rt.spawn(Weft.async(() -> {
                try (TcpStream s = await(l.accept())) {
                    FramedReader<String> requests = new FramedReader<>(s, LineCodec.utf8(100));
                    FramedWriter<String> replies = new FramedWriter<>(s, LineCodec.utf8(100));
                    int n = 0;
                    for (String line; (line = await(requests.nextOrNull())) != null; n++) await(replies.send("echo " + line));
                    await(replies.shutdown());
                    return n;
                }
            }));
            List<String> answers = rt.blockOn(Weft.async(() -> {
                try (TcpStream c = await(TcpStream.connect(l.localAddress()))) {
                    FramedWriter<String> out = new FramedWriter<>(c, LineCodec.utf8(100));
                    for (int i = 0; i < 1000; i++) await(out.feed("línea " + i));
                    await(out.shutdown());
                    FramedReader<String> in = new FramedReader<>(c, LineCodec.utf8(100));
                    List<String> got = new ArrayList<>();
                    for (String line; (line = await(in.nextOrNull())) != null; ) got.add(line);
                    return got;
                }
            }));
            assertThat(rt.blockOn(server)).isEqualTo(1000);
            assertThat(answers).hasSize(1000).startsWith("echo línea 0").endsWith("echo línea 999");
        }
    }

    @Test
    void largeLengthPrefixedFramesRoundTripThroughALoopbackSocket() throws Exception {
        List<byte[]> frames = new ArrayList<>();
        for (int size : new int[] {0, 1, 70_000, 5, 1 << 20, 3}) {
            byte[] f = new byte[size];
            for (int i = 0; i < size; i++) f[i] = (byte) (i * 31 + size);
            frames.add(f);
        }
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build();
                TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            Task<List<byte[]>> server = rt.spawn(Weft.async(() -> {
                try (TcpStream s = await(l.accept())) {
                    FramedReader<byte[]> in = new FramedReader<>(s, new LengthPrefixedCodec(4, 1 << 20));
                    List<byte[]> got = new ArrayList<>();
                    for (byte[] f; (f = await(in.nextOrNull())) != null; ) got.add(f);
                    return got;
                }
            }));
            rt.blockOn(Weft.async(() -> {
                try (TcpStream c = await(TcpStream.connect(l.localAddress()))) {
                    FramedWriter<byte[]> out = new FramedWriter<>(c, new LengthPrefixedCodec(4, 1 << 20));
                    for (byte[] f : frames) await(out.feed(f));
                    await(out.shutdown());
                }
                return null;
            }));
            assertThat(rt.blockOn(server)).containsExactlyElementsOf(frames);
        }
    }
}
