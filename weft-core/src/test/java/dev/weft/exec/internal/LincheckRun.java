package dev.weft.exec.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.Options;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;

/**
 * Runs Lincheck with the sizes of the default suite and checks its output for the class-file
 * version problem (Lincheck's bundled ASM refusing JDK 25 classes prints
 * "Unsupported class file major version" and then checks nothing).
 */
final class LincheckRun {
    private LincheckRun() {}

    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions()
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 8)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 2_000 : 100)
                .threads(2)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1);
    }

    static StressOptions stress() {
        return new StressOptions()
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 8)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 10_000 : 300)
                .threads(2)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1);
    }

    /** Runs the check; returns what Lincheck printed (also echoed), failing on the ASM problem. */
    static String check(Class<?> testClass, Options<?, ?> options) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        try {
            new LinChecker(testClass, options).check();
        } finally {
            System.setOut(out);
            System.setErr(err);
            String text = buf.toString(StandardCharsets.UTF_8);
            out.print(text);
            assertFalse(text.contains("Unsupported class file major version"), text);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
