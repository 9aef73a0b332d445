package dev.weft.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GrowthRuleTest {
    @Test
    void flatSamplesWithNoiseDoNotGrow() {
        assertThat(SoakRun.grew(List.of(1012L, 1013L, 1012L, 1011L, 1012L, 1014L, 1012L, 1013L, 1012L), 1.0, 10)).isFalse();
    }

    @Test
    void aSlowLeakInTheLastThirdGrows() {
        assertThat(SoakRun.grew(List.of(1012L, 1012L, 1012L, 1015L, 1018L, 1021L, 1024L, 1027L, 1030L), 1.0, 10)).isTrue();
    }

    @Test
    void heapGrowsOnlyBeyondTheRatioAndTheSlack() {
        long mib = 1L << 20;
        List<Long> within = List.of(9 * mib, 9 * mib, 9 * mib, 10 * mib, 11 * mib, 12 * mib);
        List<Long> beyond = List.of(9 * mib, 9 * mib, 9 * mib, 12 * mib, 15 * mib, 18 * mib);
        assertThat(SoakRun.grew(within, 1.25, 4 * mib)).isFalse();
        assertThat(SoakRun.grew(beyond, 1.25, 4 * mib)).isTrue();
    }

    @Test
    void thirdsOfThirtySamplesAreTenEach() {
        List<Long> s = new java.util.ArrayList<>();
        for (long i = 0; i < 30; i++) {
            s.add(i < 10 ? 0L : i < 20 ? 50L : 100L);
        }
        assertThat(SoakRun.mean(s, false)).isEqualTo(0.0);
        assertThat(SoakRun.mean(s, true)).isEqualTo(100.0);
    }
}
