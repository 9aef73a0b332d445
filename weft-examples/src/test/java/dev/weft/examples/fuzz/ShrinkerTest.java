package dev.weft.examples.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ShrinkerTest {
    /** A large input with {@code needle} somewhere inside, cut in many places. */
    private static Chunked haystack(String needle) {
        Draw d = new Draw(3);
        byte[] b = Bytes.splice(d.bytes(5000), 2345, 2345, Bytes.latin1(needle));
        return Chunked.cutEvery(b, 100, d);
    }

    private static Failure.Shrunk shrink(Chunked input, Property p) {
        Supplier<Property> property = () -> p;
        Failure f = Fuzz.find(0, 1, d -> input, property);
        assertThat(f).isNotNull();
        return f.shrink(property);
    }

    @Test
    void aFailureThatNeedsThreeBytesShrinksToThemInOneChunk() {
        Failure.Shrunk s = shrink(haystack("xyz"), in -> Bytes.show(in.bytes(), 10_000).contains("xyz") ? "has xyz" : null);
        assertThat(s.input()).isEqualTo(Chunked.whole(Bytes.latin1("xyz")));
        assertThat(s.violation()).isEqualTo("has xyz");
        assertThat(s.stoppedEarly()).isFalse();
    }

    @Test
    void aFailureAtASplitKeepsTheOneCutItNeeds() {
        Property crLfSplit = in -> {
            for (int cut : in.cuts()) {
                if (cut > 0 && cut < in.length() && in.bytes()[cut - 1] == '\r' && in.bytes()[cut] == '\n') return "split CRLF";
            }
            return null;
        };
        Chunked split = new Chunked(haystack("\r\n").bytes(), new int[] {1000, 2346, 4000}); // CR at 2345, LF at 2346
        Failure.Shrunk s = shrink(split, crLfSplit);
        assertThat(s.input()).isEqualTo(new Chunked(Bytes.latin1("\r\n"), new int[] {1}));
    }

    @Test
    void digitsShrinkToTheSmallestNumberThatStillFails() {
        Property over100 = in -> {
            String s = new String(in.bytes(), StandardCharsets.ISO_8859_1);
            return s.matches("[0-9]{1,9}") && Integer.parseInt(s) > 100 ? "over 100" : null;
        };
        Failure.Shrunk s = shrink(Chunked.whole(Bytes.latin1("98765")), over100);
        assertThat(s.input()).isEqualTo(Chunked.whole(Bytes.latin1("101")));
    }

    @Test
    void aRunOfLinesIsRemovedWhereRemovingAnyOneOfThemWouldBreakTheInput() {
        // "3", length-prefixed lines ("$2", "ab"), "end": fails while three or more such pairs parse
        Property threePairs = in -> {
            String[] lines = new String(in.bytes(), StandardCharsets.ISO_8859_1).split("\n");
            int i = 1;
            for (; i + 1 < lines.length && lines[i].matches("\\$[0-9]"); i += 2) {
                if (lines[i + 1].length() != lines[i].charAt(1) - '0') return null;
            }
            boolean parses = lines[0].equals("3") && i == lines.length - 1 && lines[i].equals("end");
            return parses && i >= 7 ? "three pairs" : null;
        };
        Failure.Shrunk s = shrink(Chunked.whole(Bytes.latin1("3\n$5\nabcde\n$1\na\n$1\nb\n$1\nc\nend")), threePairs);
        assertThat(s.input()).isEqualTo(Chunked.whole(Bytes.latin1("3\n$1\na\n$1\nb\n$1\nc\nend")));
    }

    @Test
    void anInputThatFailsOnlyAfterOthersIsNotShrunk() {
        int[] seen = {0};
        Supplier<Property> secondInputFails = () -> in -> ++seen[0] == 2 ? "second" : null;
        Failure f = Fuzz.find(0, 5, d -> Chunked.whole(d.bytes(10)), secondInputFails);
        assertThat(f).isNotNull();
        assertThat(f.index()).isEqualTo(1);
        assertThat(f.shrink(secondInputFails)).isNull();
        assertThat(f.report(null)).contains("input 1 of seed 0 fails: second", "it passes on its own");
    }
}
