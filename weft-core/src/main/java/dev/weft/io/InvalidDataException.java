package dev.weft.io;

import java.io.IOException;

/**
 * Input that is not what its reader expects (Rust's {@code ErrorKind::InvalidData}): a line that is
 * not valid text in its charset, a frame a decoder cannot make sense of. The message says what was
 * wrong and where; the stream that met it has ended, and a peer that sent it should be cut off.
 *
 * {@snippet :
 * try {
 *     String line = await(lines.nextOrNull());
 * } catch (InvalidDataException e) {
 *     System.err.println(e.getMessage()); // line 3 is not valid UTF-8: malformed input (1 byte: 0xff) at byte 5 of the line
 * }
 * }
 */
public final class InvalidDataException extends IOException {
    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, and where */
    public InvalidDataException(String message) {
        super(message);
    }

    /**
     * @param message what was wrong, and where
     * @param cause the error that found it (a {@link java.nio.charset.CharacterCodingException}, say)
     */
    public InvalidDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
