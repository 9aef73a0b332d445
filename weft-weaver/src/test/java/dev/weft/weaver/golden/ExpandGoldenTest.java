package dev.weft.weaver.golden;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Expander;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden tests of the expand view, one per construct of {@link ExpandSamples}: the state class's
 * fields and states must match {@code src/test/resources/expand/NAME.txt} exactly. After an
 * intended change of the weaver's output, rerun with {@code -Dweft.golden.update=true} and review
 * the diff of the golden files.
 */
class ExpandGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/expand");

    @ParameterizedTest
    @ValueSource(strings = {"fetch", "loop", "tryFinally", "newWithAwait", "switchExpression", "primitives",
            "captures", "generic", "fib", "yieldEach"})
    void expandOutputMatchesGolden(String construct) throws IOException {
        String actual = expand(construct, false);
        assertThat(actual).as("expand of " + construct).contains("lambda$" + construct + "$");
        check(construct, actual);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fetch"})
    void bytecodeViewAddsTheInstructionsOfEachState(String construct) throws IOException {
        String actual = expand(construct, true);
        assertThat(actual).contains("INVOKESTATIC dev/weft/Weft.await");
        check(construct + "-bytecode", actual);
    }

    private static String expand(String construct, boolean bytecode) throws IOException {
        byte[] bytes;
        try (InputStream in = ExpandSamples.class.getResourceAsStream("ExpandSamples.class")) {
            bytes = in.readAllBytes();
        }
        return Expander.expand(bytes, ClassResolver.of(ExpandGoldenTest.class.getClassLoader()),
                "lambda$" + construct + "$", bytecode);
    }

    private static void check(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name + ".txt");
        if (Boolean.getBoolean("weft.golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file (create it with -Dweft.golden.update=true)").exists();
        List<String> expected = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(actual.lines().toList()).isEqualTo(expected);
    }
}
