package dev.weft.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.Runtime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DemoTest {

    @Test
    @Timeout(60)
    void wovenSectionPrintsTheResultAndTheExpansionOfFetch() {
        try (Runtime rt = Runtime.builder().workers(2).build()) {
            List<String> lines = Demo.wovenFetch(rt);
            assertThat(lines.get(0)).isEqualTo("  -> fetch() = 41, ran as a WovenFuture: true");
            assertThat(lines.get(1)).isEqualTo("  -> Expander.expand(Demo.class, \"fetch\"):");
            assertThat(lines.get(2)).isEqualTo("     // woven from dev.weft.examples.Demo.lambda$fetch$0 (Demo.java)");
            assertThat(lines.get(3)).startsWith("     final class Demo$fetch$0 extends WovenFuture<Integer> {");
            assertThat(lines).anyMatch(l -> l.endsWith("poll(Context cx) {   // 3 states"));
        }
    }
}
