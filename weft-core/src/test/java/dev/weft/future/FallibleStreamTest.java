package dev.weft.future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.weft.Weft;
import dev.weft.blocking.Unblock;
import dev.weft.io.BufReader;
import dev.weft.io.LimitExceededException;
import dev.weft.time.Interval;
import dev.weft.time.Time;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stream that declares its elements' checked failure gives typed futures of its next element, so
 * that {@code catch} of that failure's own type around an await compiles and catches it (this file
 * compiling is half of the proof).
 */
@Timeout(30)
class FallibleStreamTest {

    @Test
    void aLineOverTheLimitIsCaughtByItsOwnTypeAroundAnAwaitOfTheNextLine() throws IOException {
        FallibleStream<String, IOException> lines = linesOf("ok\n0123456789abcdef\nafter\n", 8);
        assertThat(Weft.await(lines.nextOrNull())).isEqualTo("ok");
        try {
            Weft.await(lines.nextOrNull());
            fail("a 16-byte line passed an 8-byte limit");
        } catch (LimitExceededException e) {
            assertThat(e.limit()).isEqualTo(8);
        }
    }

    @Test
    void nextIsTypedTooAndEndsWithEmpty() throws IOException {
        FallibleStream<String, IOException> lines = linesOf("a\nb", 8);
        Optional<String> first = Weft.await(lines.next());
        Optional<String> second = Weft.await(lines.next());
        Optional<String> end = Weft.await(lines.next());
        assertThat(first).contains("a");
        assertThat(second).contains("b");
        assertThat(end).isEmpty();
    }

    @Test
    void aStreamThatFailsWithNothingCheckedNeedsNoCatch() {
        Interval every = Time.interval(Duration.ofMillis(1));
        try {
            long due = Weft.await(every.nextOrNull()); // no throws clause: the stream declares RuntimeException
            assertThat(due).isPositive();
        } finally {
            every.cancel();
        }
    }

    @Test
    void anyStreamsNextStillFailsWithWhatTheStreamThrew() {
        AsyncStream<String> failing = cx -> {
            throw new IOException("gone");
        };
        try {
            Weft.await(failing.nextOrNull());
            fail("no failure");
        } catch (Exception e) {
            assertThat(e).isInstanceOf(IOException.class).hasMessage("gone");
        }
    }

    private static FallibleStream<String, IOException> linesOf(String text, int maxLineBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new BufReader(Unblock.reader(new ByteArrayInputStream(bytes))).lines(maxLineBytes);
    }
}
