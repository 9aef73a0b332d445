package dev.weft.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * W8's implementations run their quick pass to the end, every sum and count checked (a wrong one
 * throws); the StructuredTaskScope peer needs a JVM with preview features, so here only its flags
 * are checked.
 */
@Timeout(120)
class W8ScopedTest {

    @ParameterizedTest
    @ValueSource(strings = {"weft", "weft-woven", "weft-stackful", "kotlin"})
    void aQuickPassEndsWithEverySumAndEveryCancelledChildCounted(String impl) throws Exception {
        Workload.Result r = new W8Scoped().run(impl, true);
        assertThat(r.unit()).isEqualTo("children/s");
        assertThat(r.value()).isPositive();
        assertThat(r.extra()).startsWith(Measured.CPU_KEY + "=");
    }

    @Test
    void theRunnerStartsTheStructuredTaskScopePeerWithPreviewFeaturesOnTwoCarriers() {
        W8Scoped w = new W8Scoped();
        assertThat(Registry.load("W8")).containsInstanceOf(W8Scoped.class);
        assertThat(w.impls()).containsExactly("weft", "weft-stackful", "weft-woven", "kotlin", "sts");
        assertThat(w.jvmFlags("sts")).containsExactlyInAnyOrder("--enable-preview", "-Djdk.virtualThreadScheduler.parallelism=2");
        assertThat(w.jvmFlags("weft")).isEmpty();
    }
}
