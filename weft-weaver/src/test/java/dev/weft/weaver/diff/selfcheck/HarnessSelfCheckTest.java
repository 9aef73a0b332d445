package dev.weft.weaver.diff.selfcheck;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

/** The differential fails when the runs differ, or when a body it should see woven is not. */
@Timeout(60)
class HarnessSelfCheckTest {
    private static Differential diff;
    private static Class<?> woven;

    @BeforeAll
    static void start() throws ClassNotFoundException {
        diff = new Differential();
        String name = BrokenPairs.class.getName();
        woven = WeavingClassLoader.ofClasses(BrokenPairs.class.getClassLoader(), Set.of(name)).loadClass(name);
    }

    @AfterAll
    static void stop() {
        diff.close();
    }

    @Test
    void aDifferentValueFailsTheCheckNamingTheRun() {
        assertThatThrownBy(() -> diff.check(woven, BrokenPairs.class, "valueDiffers")).isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("BrokenPairs.valueDiffers: the woven, Weft.blockOn run differs from the blocking run")
                .hasMessageContaining("returned blocking 1").hasMessageContaining("returned woven 1");
    }

    @Test
    void aDifferentEventLogFailsTheCheck() {
        assertThatThrownBy(() -> diff.check(woven, BrokenPairs.class, "logDiffers")).isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("[blocking]").hasMessageContaining("[async]");
    }

    @Test
    void aDifferentExceptionFailsTheCheck() {
        assertThatThrownBy(() -> diff.check(woven, BrokenPairs.class, "failureDiffers")).isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("threw java.io.IOException: async")
                .hasMessageContaining("threw java.lang.IllegalStateException: async");
    }

    @Test
    void aBodyLeftUnwovenFailsTheCheck() {
        assertThatThrownBy(() -> diff.check(woven, BrokenPairs.class, "neverWoven")).isInstanceOf(AssertionError.class)
                .hasMessageContaining("is not a WovenFuture: the body was not woven");
    }
}
