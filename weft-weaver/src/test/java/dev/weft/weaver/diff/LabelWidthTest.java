package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The resume label is the narrowest field that holds every label of the body: a {@code byte} up to
 * 127 awaits, a {@code short} beyond. A body whose every await suspends once stores and resumes at
 * each label, so a label that did not fit its field would resume at the wrong state (or none).
 */
@Timeout(60)
class LabelWidthTest {

    @ParameterizedTest
    @CsvSource({"127, byte", "128, short", "300, short"})
    void everyLabelFitsItsFieldAndResumesItsOwnAwait(int awaits, String fieldType) throws Exception {
        String name = "dev.weft.weaver.generated.Labels" + awaits;
        Map<String, byte[]> classes = MemoryCompiler.compile(Map.of(name, source(name, awaits)));
        Class<?> c = WeavingClassLoader.ofClassFiles(getClass().getClassLoader(), classes).loadClass(name);
        Probe p = new Probe();
        Future<String> f = BodyMethods.future(c, "body", p);

        assertThat(f).isInstanceOf(WovenFuture.class);
        long expected = (long) awaits * (awaits - 1) / 2 * 3; // each await adds 3k, k = 0 .. awaits-1
        assertThat(Weft.blockOn(f)).isEqualTo(String.valueOf(expected));
        assertThat(f.getClass().getDeclaredField("label").getType().getName()).isEqualTo(fieldType);
    }

    /** {@code awaits} awaits in a row, each of a future pending once; the await at k adds 3k. */
    private static String source(String name, int awaits) {
        String body = IntStream.range(0, awaits)
                .mapToObj(k -> "            sum += 3L * await(p.later(" + k + ", 1));")
                .collect(Collectors.joining("\n"));
        return """
                package dev.weft.weaver.generated;

                import static dev.weft.Weft.await;

                import dev.weft.Weft;
                import dev.weft.future.Future;
                import dev.weft.weaver.testkit.Probe;

                public final class %s {
                    public static Future<String> body(Probe p) {
                        return Weft.async(() -> {
                            long sum = 0;
                %s
                            return "" + sum;
                        });
                    }
                }
                """.formatted(name.substring(name.lastIndexOf('.') + 1), body);
    }
}
