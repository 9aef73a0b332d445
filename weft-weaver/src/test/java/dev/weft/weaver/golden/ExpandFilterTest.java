package dev.weft.weaver.golden;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Expander;
import dev.weft.weaver.WeaveException;
import java.io.IOException;
import java.io.InputStream;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code expand}'s method filter picks the bodies before they are analysed, so a body it leaves out
 * cannot stop the others: {@code expand weft-examples/target/classes echo} without weft-core on
 * the class path used to fail on another class's body that needed {@code Fallible}.
 */
class ExpandFilterTest {
    private static final ClassResolver LOADER = ClassResolver.of(ExpandFilterTest.class.getClassLoader());

    /** Two bodies: {@code fetch} needs no class looked up; {@code merged} joins two list types. */
    static final class Samples {
        private Samples() {}

        static Future<Integer> fetch(Future<Integer> op) {
            return Weft.async(() -> await(op) + 1);
        }

        static Future<Integer> merged(boolean flag, Future<Integer> op) {
            return Weft.async(() -> {
                AbstractList<Integer> list = flag ? new ArrayList<>() : new LinkedList<>();
                list.add(await(op));
                return list.get(0);
            });
        }
    }

    @Test
    void aBodyTheFilterLeavesOutIsNotAnalysed() throws IOException {
        byte[] samples = sampleClass();
        Set<String> askedForFetch = new HashSet<>();
        String fetchOnly = Expander.expand(samples, recording(askedForFetch), "lambda$fetch$", false);
        Set<String> askedForAll = new HashSet<>();
        Expander.expand(samples, recording(askedForAll), null, false);
        Set<String> onlyOthersNeed = new HashSet<>(askedForAll);
        onlyOthersNeed.removeAll(askedForFetch);
        String missing = "java/util/LinkedList"; // the frames at the ternary's join need its superclass
        assertThat(onlyOthersNeed).as("classes only the other body needs").contains(missing);
        ClassResolver without = name -> name.equals(missing) ? null : LOADER.find(name);

        assertThatThrownBy(() -> Expander.expand(samples, without, null, false))
                .isInstanceOf(WeaveException.class)
                .hasMessageContaining("cannot find class " + missing.replace('/', '.'))
                .hasMessageContaining("--classpath");
        assertThat(Expander.expand(samples, without, "lambda$fetch$", false)).isEqualTo(fetchOnly)
                .contains("lambda$fetch$").doesNotContain("lambda$merged$");
    }

    private static ClassResolver recording(Set<String> asked) {
        return name -> {
            asked.add(name);
            return LOADER.find(name);
        };
    }

    private static byte[] sampleClass() throws IOException {
        try (InputStream in = Samples.class.getResourceAsStream("ExpandFilterTest$Samples.class")) {
            return in.readAllBytes();
        }
    }
}
