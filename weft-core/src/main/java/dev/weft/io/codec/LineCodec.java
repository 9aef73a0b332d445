package dev.weft.io.codec;

import dev.weft.io.LimitExceededException;
import dev.weft.io.internal.LineText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Lines of text as frames (Tokio's {@code LinesCodec}): decodes each line without its
 * {@code "\n"} or {@code "\r\n"}, encodes each line with {@code "\n"} after it.
 *
 * {@snippet :
 * FramedReader<String> in = new FramedReader<>(socket, LineCodec.utf8(1024));
 * FramedWriter<String> out = new FramedWriter<>(socket, LineCodec.utf8(1024));
 * for (String line; (line = await(in.nextOrNull())) != null; ) {
 *     await(out.send(line.toUpperCase()));
 * }
 * }
 *
 * <ul>
 *   <li><em>Limit:</em> a line longer than {@code maxLineBytes} bytes (its terminator left out)
 *       fails with {@link LimitExceededException}: decoding, as soon as more bytes than that
 *       arrived without a {@code "\n"}; encoding, before anything of it is buffered.</li>
 *   <li><em>Text:</em> strict by default: a line that is not valid in the charset fails with
 *       {@link dev.weft.io.InvalidDataException}, whose message names the line (counted from 1),
 *       the offset in it and the bytes. {@link #lossy()} replaces such bytes with U+FFFD
 *       instead, for text that is shown, never for text that is parsed or compared.</li>
 *   <li><em>The last line</em> may lack its terminator: at the end of the input it is a line too
 *       (a {@code "\r"} ending it is dropped, as before a {@code "\n"}).</li>
 *   <li><em>Encoding</em> refuses, with {@link IllegalArgumentException}, a line containing
 *       {@code "\n"} or ending with {@code "\r"} (it would not decode back to itself), and in
 *       strict mode one that the charset cannot encode (an unpaired surrogate); lossy, the
 *       charset's replacement takes its place.</li>
 * </ul>
 *
 * <p>A codec keeps the state of the line it is in the middle of and reuses its charset coders:
 * give each reader and each writer its own.
 */
public final class LineCodec implements Decoder<String>, Encoder<String> {
    private final Charset charset;
    private final int maxLineBytes;
    private final boolean lossy;
    private final LineText text;
    private final CharsetEncoder encoder;
    /** How many bytes after the buffer's position were already looked at and hold no {@code "\n"}. */
    private int scanned;
    /** How many lines were decoded, for messages. */
    private long decoded;

    private LineCodec(Charset charset, int maxLineBytes, boolean lossy) {
        if (maxLineBytes < 1 || maxLineBytes > Integer.MAX_VALUE - 2) {
            throw new IllegalArgumentException("maxLineBytes must be 1 to 2^31-3: " + maxLineBytes);
        }
        if (!Arrays.equals("\r\n".getBytes(charset), new byte[] {'\r', '\n'})) {
            throw new IllegalArgumentException(charset + " does not encode \"\\r\\n\" as ASCII does");
        }
        CodingErrorAction onError = lossy ? CodingErrorAction.REPLACE : CodingErrorAction.REPORT;
        this.charset = charset;
        this.maxLineBytes = maxLineBytes;
        this.lossy = lossy;
        this.text = new LineText(charset, lossy);
        this.encoder = charset.newEncoder().onMalformedInput(onError).onUnmappableCharacter(onError);
    }

    /**
     * Lines of strict UTF-8.
     *
     * @param maxLineBytes the longest line, in bytes, its terminator left out (positive)
     * @return a codec of its own
     */
    public static LineCodec utf8(int maxLineBytes) {
        return new LineCodec(StandardCharsets.UTF_8, maxLineBytes, false);
    }

    /**
     * Lines of strict text in {@code charset}.
     *
     * @param charset the charset; one that encodes {@code "\r\n"} as ASCII does (UTF-8, the ISO
     *     8859 family, US-ASCII; not UTF-16)
     * @param maxLineBytes the longest line, in bytes, its terminator left out (positive)
     * @return a codec of its own
     */
    public static LineCodec of(Charset charset, int maxLineBytes) {
        return new LineCodec(charset, maxLineBytes, false);
    }

    /**
     * A codec as this one, but lossy: bytes that are not valid in the charset decode to U+FFFD,
     * characters it cannot encode to its replacement, instead of failing.
     *
     * {@snippet :
     * AsyncFile file = await(AsyncFiles.open(Path.of("app.log"), StandardOpenOption.READ));
 * FramedReader<String> log = new FramedReader<>(file, LineCodec.utf8(4096).lossy());
     * }
     *
     * @return a new codec, lossy
     */
    public LineCodec lossy() {
        return new LineCodec(charset, maxLineBytes, true);
    }

    /** @return the longest line taken, in bytes, its terminator left out */
    public int maxLineBytes() {
        return maxLineBytes;
    }

    /** @return {@code maxLineBytes() + 2}: a longest line and its {@code "\r\n"} */
    @Override
    public int maxFrameBytes() {
        return maxLineBytes + 2;
    }

    @Override
    public String decode(ByteBuffer src) throws IOException {
        int start = src.position();
        // a '\n' ending a longest line is at start + maxLineBytes + 1 (after its '\r')
        int reach = (int) Math.min(src.limit(), start + (long) maxLineBytes + 2);
        for (int i = start + scanned; i < reach; i++) {
            if (src.get(i) == '\n') {
                scanned = 0;
                src.position(i + 1);
                return take(src, start, i);
            }
        }
        scanned = reach - start;
        if (contentEnd(src, start, reach) - start > maxLineBytes) {
            throw new LimitExceededException("maxLineBytes", maxLineBytes, "a line");
        }
        return null;
    }

    /** A last line without its terminator is a line too. */
    @Override
    public String decodeEof(ByteBuffer src) throws IOException {
        String line = decode(src);
        if (line != null || !src.hasRemaining()) return line;
        int start = src.position();
        int end = src.limit();
        scanned = 0;
        src.position(end);
        return take(src, start, end);
    }

    @Override
    public boolean encode(String line, ByteBuffer dst) throws IOException {
        int nl = line.indexOf('\n');
        if (nl >= 0) throw new IllegalArgumentException("a line to send contains \"\\n\" at char " + nl);
        if (line.endsWith("\r")) throw new IllegalArgumentException("a line to send ends with \"\\r\"");
        int room = dst.remaining();
        int start = dst.position();
        encoder.reset();
        CoderResult r = encoder.encode(CharBuffer.wrap(line), dst, true);
        if (r.isUnderflow()) r = encoder.flush(dst);
        if (r.isError()) {
            throw new IllegalArgumentException("a line to send is not valid text for " + charset
                    + ": " + (r.isMalformed() ? "malformed" : "unmappable") + " input of " + r.length() + " chars");
        }
        if (r.isOverflow() && room < maxLineBytes + 1) return false; // the writer makes room and asks again
        if (r.isOverflow() || dst.position() - start > maxLineBytes) {
            throw new LimitExceededException("maxLineBytes", maxLineBytes, "a line to send");
        }
        if (!dst.hasRemaining()) return false;
        dst.put((byte) '\n');
        return true;
    }

    /** The line in {@code src[start, end)}, a {@code "\r"} ending it dropped; checks the limit. */
    private String take(ByteBuffer src, int start, int end) throws IOException {
        int contentEnd = contentEnd(src, start, end);
        if (contentEnd - start > maxLineBytes) throw new LimitExceededException("maxLineBytes", maxLineBytes, "a line");
        decoded++;
        return text.decode(src.duplicate().limit(contentEnd).position(start), decoded);
    }

    /** @return {@code end}, or one less if the byte before it is a {@code "\r"} */
    private static int contentEnd(ByteBuffer src, int start, int end) {
        return end > start && src.get(end - 1) == '\r' ? end - 1 : end;
    }

    @Override
    public String toString() {
        return "LineCodec(" + charset + ", maxLineBytes = " + maxLineBytes + (lossy ? ", lossy)" : ")");
    }
}
