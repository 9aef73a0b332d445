package dev.weft.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The short form of the soak and the spin guard in the default build (about 12 s): each starts
 * the echo server in a JVM of its own, as by hand, and must pass its verdict. The hostile matrix
 * has no short form here (its p99 ratio needs phases of many seconds to mean anything).
 */
class SoakSmokeTest {
    @Test
    void twentyConnectionsForThreeSecondsVerifyEveryByteLeakNothingAndCloseEveryFd() throws Exception {
        assertThat(SoakRun.run(20, 3, 1, 4096)).isZero();
    }

    @Test
    void aHundredIdleConnectionsCostTheServerUnderFivePercentOfACore() throws Exception {
        assertThat(SpinGuard.run(100, 2)).isZero();
    }
}
