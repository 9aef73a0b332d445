package dev.weft.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.Options;

/**
 * Runs a Lincheck check while capturing what Lincheck prints (echoed afterwards), and fails if it
 * printed "Unsupported class file major version": its bundled ASM refusing JDK 25 classes, after
 * which it checks nothing and the test would stay green.
 *
 * {@snippet :
 * Lincheck.check(MyOps.class, new ModelCheckingOptions().iterations(8));
 * }
 */
public final class Lincheck {
    private Lincheck() {}

    /**
     * Checks {@code testClass} (its {@code @Operation}s) with {@code options}.
     *
     * @param testClass the class whose operations Lincheck runs
     * @param options the strategy and its sizes
     * @return what Lincheck printed
     */
    public static String check(Class<?> testClass, Options<?, ?> options) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        String printed;
        try {
            LinChecker.check(testClass, options);
        } finally {
            System.setOut(out);
            System.setErr(err);
            printed = buf.toString(StandardCharsets.UTF_8);
            out.print(printed);
            assertThat(printed).doesNotContain("Unsupported class file major version");
        }
        return printed;
    }
}
