package dev.weft.examples.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

class FuzzTriesTest {
    private static final Fuzz FUZZ = new Fuzz("weft.kit.fuzz", 3);
    /** Fails on an input holding the byte 7 (one in six of 50 random bytes does). */
    private static final Supplier<Property> NO_SEVEN = () -> in -> {
        for (byte b : in.bytes()) if (b == 7) return "holds a 7";
        return null;
    };

    @AfterEach
    void clearTheSeed() {
        System.clearProperty("weft.kit.fuzz.seed");
        System.clearProperty("weft.kit.fuzz.tries");
    }

    @Test
    void eachTryIsATestNamedByItsSeedAndHowToReplayIt() {
        System.setProperty("weft.kit.fuzz.seed", "40");
        List<DynamicTest> tries = FUZZ.tries(10, d -> Chunked.whole(d.bytes(50)), NO_SEVEN).toList();
        assertThat(tries).extracting(DynamicTest::getDisplayName).containsExactly(
                "seed 40 (replay: -Dweft.kit.fuzz.seed=40 -Dweft.kit.fuzz.tries=1)",
                "seed 41 (replay: -Dweft.kit.fuzz.seed=41 -Dweft.kit.fuzz.tries=1)",
                "seed 42 (replay: -Dweft.kit.fuzz.seed=42 -Dweft.kit.fuzz.tries=1)");
        System.setProperty("weft.kit.fuzz.tries", "5");
        assertThat(FUZZ.tries(10, d -> Chunked.whole(d.bytes(50)), NO_SEVEN)).hasSize(5);
    }

    @Test
    void aFailingTryNamesTheSeedAndTheInputAndShowsItShrunk() {
        System.setProperty("weft.kit.fuzz.seed", "40");
        DynamicTest first = FUZZ.tries(100, d -> Chunked.whole(d.bytes(50)), NO_SEVEN).findFirst().orElseThrow();
        Failure f = Fuzz.find(40, 100, d -> Chunked.whole(d.bytes(50)), NO_SEVEN);
        assertThatThrownBy(() -> first.getExecutable().execute()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("input " + f.index() + " of seed 40 fails: holds a 7")
                .hasMessageContaining("to: 1 bytes, cut at []: \"\\x07\"")
                .hasMessageEndingWith("replay: -Dweft.kit.fuzz.seed=40 -Dweft.kit.fuzz.tries=1");
    }

    @Test
    void aTryWhoseInputsAllHoldPasses() throws Throwable {
        for (DynamicTest t : FUZZ.tries(100, d -> Chunked.whole(d.bytes(50)), () -> in -> null).toList()) {
            t.getExecutable().execute();
        }
    }
}
