package dev.weft.examples.chat;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncBufRead;
import dev.weft.io.AsyncIo;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines a client sends, decoded as strict UTF-8: the one place where the chat turns bytes
 * into text. {@link AsyncIo#lines} bounds each line ({@link dev.weft.io.LimitExceededException}
 * past the limit) but decodes leniently (a malformed sequence becomes U+FFFD), so the lines are
 * split as ISO-8859-1, which keeps every byte as one char, and each is then decoded again with a
 * decoder that reports what is malformed ({@link CharacterCodingException}).
 *
 * {@snippet :
 * AsyncStream<String> lines = new Utf8Lines(new BufReader(stream), 1024);
 * String first = Weft.await(lines.nextOrNull()); // null at the end of the stream
 * }
 *
 * <p>State (owner task only): the decoder is reset before each line.
 */
final class Utf8Lines implements AsyncStream<String> {
    private final AsyncStream<String> latin1;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    /**
     * @param in the buffered client
     * @param maxLineBytes the longest line taken, in bytes
     */
    Utf8Lines(AsyncBufRead in, int maxLineBytes) {
        this.latin1 = AsyncIo.lines(in, StandardCharsets.ISO_8859_1, maxLineBytes);
    }

    @Override
    public Poll<String> pollNext(Context cx) throws Exception {
        Poll<String> p = latin1.pollNext(cx);
        if (!(p instanceof Poll.Ready<String>(String raw))) return p;
        utf8.reset();
        return Poll.ready(utf8.decode(ByteBuffer.wrap(raw.getBytes(StandardCharsets.ISO_8859_1))).toString());
    }
}
