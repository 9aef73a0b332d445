package dev.weft.io;

import static dev.weft.Weft.blockOn;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.AsyncStream;
import java.nio.charset.MalformedInputException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link AsyncIo#lines} reports bytes that are not text; {@link AsyncIo#lossyLines} replaces them, as asked. */
class StrictLinesTest {
    private static final byte[] MALFORMED = {'o', 'k', '\n', 'a', (byte) 0xFF, 'b', '\n', 'c', '\n'};

    @Test
    void linesEndWithAMessageNamingTheLineTheOffsetAndTheBytesOnMalformedUtf8() {
        AsyncStream<String> lines = new BufReader(new ChunkedReader(MALFORMED, 2), 4).lines();
        assertThat(blockOn(lines.next())).contains("ok");
        assertThatThrownBy(() -> blockOn(lines.next()))
                .isInstanceOf(InvalidDataException.class)
                .hasMessage("line 2 is not valid UTF-8: malformed input (1 byte: 0xff) at byte 1 of the line")
                .hasCauseInstanceOf(MalformedInputException.class);
        assertThat(blockOn(lines.next())).as("the error ended the stream").isEqualTo(Optional.empty());
    }

    @Test
    void lossyLinesReplaceMalformedBytesWithTheReplacementCharacter() {
        AsyncStream<String> lines = AsyncIo.lossyLines(new BufReader(new ChunkedReader(MALFORMED, 2), 4), UTF_8, 100);
        assertThat(blockOn(lines.toList())).isEqualTo(List.of("ok", "a\uFFFDb", "c"));
    }

    @Test
    void theCarriageReturnOfACrLfDoesNotCountTowardsTheLineLimit() {
        byte[] text = ("a".repeat(10) + "\r\n" + "b".repeat(10) + "\r").getBytes(UTF_8);
        AsyncStream<String> lines = new BufReader(new ChunkedReader(text, 3), 4).lines(10);
        assertThat(blockOn(lines.toList())).isEqualTo(List.of("a".repeat(10), "b".repeat(10)));
        AsyncStream<String> longer = new BufReader(new ChunkedReader(("c".repeat(11) + "\r\n").getBytes(UTF_8), 3), 4).lines(10);
        assertThatThrownBy(() -> blockOn(longer.next())).isInstanceOf(LimitExceededException.class);
    }
}
