package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.testkit.BodyPairs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every differential body in {@code diff/bodies} and its blocking twin have the same text, so the
 * differential compares runs of the same code (surefire runs tests in the module's directory).
 */
class BodyPairsTest {
    private static final Path BODIES = Path.of("src/test/java/dev/weft/weaver/diff/bodies");

    @Test
    void everyBodyHasABlockingTwinWithTheSameText() throws IOException {
        assertThat(BODIES).as("run from the weft-weaver module directory").isDirectory();
        List<Path> files;
        try (Stream<Path> s = Files.list(BODIES)) {
            files = s.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            BodyPairs pairs = BodyPairs.read(Files.readString(f));
            assertThat(pairs.problems()).as(f.toString()).isEmpty();
            assertThat(pairs.compared()).as("pairs compared in " + f).isPositive();
        }
    }

    @Test
    void aTwinWithDifferentTextIsReported() {
        String source = """
                static Future<String> a(Probe p) {
                    return Weft.async(() -> {
                        return "x" + await(p.ready("}"));
                    });
                }
                static Callable<String> aBlocking(Probe p) {
                    return () -> {
                        return "y" + await(p.ready("}"));
                    };
                }
                public static Future<String> lonely(Probe p) {
                    return Weft.async(() -> "z");
                }
                """;
        BodyPairs pairs = BodyPairs.read(source);
        assertThat(pairs.compared()).isEqualTo(1);
        assertThat(pairs.problems()).hasSize(2);
        assertThat(pairs.problems().get(0)).startsWith("lonely(Probe) has no lonelyBlocking(Probe)");
        assertThat(pairs.problems().get(1)).startsWith("aBlocking differs from its async twin");
    }
}
