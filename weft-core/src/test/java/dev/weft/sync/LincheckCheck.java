package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.Options;

/**
 * Runs a Lincheck check while capturing what Lincheck prints, and fails if it printed
 * "Unsupported class file major version" (its ASM refusing JDK 25 classes: then it checks nothing).
 */
final class LincheckCheck {
    private LincheckCheck() {}

    static void check(Class<?> testClass, Options<?, ?> options) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        try {
            LinChecker.check(testClass, options);
        } finally {
            System.setOut(out);
            System.setErr(err);
            String printed = buf.toString(StandardCharsets.UTF_8);
            out.print(printed);
            assertThat(printed).doesNotContain("Unsupported class file major version");
        }
    }
}
