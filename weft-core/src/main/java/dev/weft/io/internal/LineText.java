package dev.weft.io.internal;

import dev.weft.io.InvalidDataException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.UnmappableCharacterException;

/**
 * How a line is turned into a {@code String}, for the lines of {@code AsyncIo.lines} and for
 * {@code LineCodec}: strictly, failing with an {@link InvalidDataException} that names the line,
 * the byte offset and the bytes, or lossily, each malformed sequence replaced with U+FFFD. Owner
 * thread only (the decoder is reused).
 */
public final class LineText {
    private final Charset charset;
    private final CharsetDecoder strict;

    /**
     * @param charset the charset of the lines
     * @param lossy whether malformed input becomes U+FFFD instead of an error
     */
    public LineText(Charset charset, boolean lossy) {
        this.charset = charset;
        this.strict = lossy ? null : charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /**
     * @param line the bytes of the line, without terminator, between its position and limit; its
     *     position is left anywhere
     * @param lineNumber which line of the stream it is, from 1, for the message
     * @return the text
     * @throws InvalidDataException if strict and the bytes are not valid in the charset
     */
    public String decode(ByteBuffer line, long lineNumber) throws InvalidDataException {
        int start = line.position();
        int length = line.remaining();
        if (strict == null) {
            if (line.hasArray()) return new String(line.array(), line.arrayOffset() + start, length, charset);
            byte[] copy = new byte[length];
            line.get(start, copy);
            return new String(copy, charset);
        }
        CharBuffer out = CharBuffer.allocate((int) Math.ceil(length * (double) strict.maxCharsPerByte()));
        strict.reset();
        CoderResult r = strict.decode(line, out, true);
        if (!r.isError()) r = strict.flush(out);
        if (r.isError()) {
            int at = line.position();
            StringBuilder bad = new StringBuilder();
            for (int i = 0; i < r.length(); i++) bad.append(i == 0 ? "" : " ").append(String.format("0x%02x", line.get(at + i) & 0xff));
            CharacterCodingException cause = r.isMalformed() ? new MalformedInputException(r.length()) : new UnmappableCharacterException(r.length());
            throw new InvalidDataException("line " + lineNumber + " is not valid " + charset.name() + ": "
                    + (r.isMalformed() ? "malformed" : "unmappable") + " input (" + r.length() + (r.length() == 1 ? " byte: " : " bytes: ")
                    + bad + ") at byte " + (at - start) + " of the line", cause);
        }
        return out.flip().toString();
    }
}
