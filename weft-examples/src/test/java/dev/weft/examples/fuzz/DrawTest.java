package dev.weft.examples.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class DrawTest {
    @Test
    void theSameSeedDrawsTheSameChoices() {
        Draw a = new Draw(17);
        Draw b = new Draw(17);
        for (int i = 0; i < 1000; i++) {
            assertThat(a.biased(0, 0, 1_000_000)).isEqualTo(b.biased(0, 0, 1_000_000));
            assertThat(a.text(12, (char) 0, (char) 255)).isEqualTo(b.text(12, (char) 0, (char) 255));
        }
    }

    @Test
    void biasedNumbersStayInTheirRangeAndCrowdNearTheCentre() {
        Draw d = new Draw(1);
        long[] n = LongStream.range(0, 100_000).map(i -> d.biased(0, 0, 1_000_000)).toArray();
        assertThat(LongStream.of(n).boxed()).allMatch(x -> x >= 0 && x <= 1_000_000);
        // eleven buckets, each a sixth or a third of the one outside it: six of them under 2100
        assertThat(LongStream.of(n).filter(x -> x < 2_100).count()).isBetween(50_000L, 60_000L);
        assertThat(LongStream.of(n).filter(x -> x > 500_000).count()).isPositive();
        long[] any = LongStream.range(0, 100_000).map(i -> d.anyLong()).toArray();
        assertThat(LongStream.of(any).filter(x -> x < 0).count()).isBetween(45_000L, 55_000L);
        assertThat(LongStream.of(any).filter(x -> Math.abs(x) < 1000).count()).isBetween(25_000L, 45_000L);
        assertThat(LongStream.of(any).filter(x -> Math.abs(x) > 1L << 60).count()).isPositive();
        assertThat(IntStream.range(0, 10_000).map(i -> d.smallByte())).contains(-128, -1, 0, 127);
    }

    @Test
    void sizesAreMostlyShortAndNowAndThenTheMost() {
        Draw d = new Draw(2);
        int[] sizes = IntStream.range(0, 100_000).map(i -> d.size(0, 300)).toArray();
        assertThat(IntStream.of(sizes).boxed()).allMatch(s -> s >= 0 && s <= 300);
        assertThat(IntStream.of(sizes).filter(s -> s <= 32).count()).isBetween(86_000L, 90_000L);
        assertThat(IntStream.of(sizes).filter(s -> s == 300).count()).isBetween(800L, 1_200L);
        assertThat(IntStream.range(0, 1000).map(i -> d.size(1, 8))).contains(1, 8).allMatch(s -> s >= 1 && s <= 8);
    }
}
