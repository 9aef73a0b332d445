package dev.weft.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.Options;
import org.jetbrains.kotlinx.lincheck.strategy.managed.ManagedStrategyGuaranteeKt;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;

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
     * Model-checking options for code that answers {@code Poll.ready}: {@code Poll.ready} runs
     * untracked. It reads a shared {@code Poll.Ready} held in a static field, and Lincheck 2.39
     * walks the value of every static field it sees read through {@code Unsafe}, which cannot read
     * a record's fields ("can't get field offset on a record class"). It is pure: nothing of the
     * protocol under test is hidden.
     *
     * @return options with the default sizes; set the sizes on them
     */
    public static ModelCheckingOptions modelCheckingPolls() {
        return new ModelCheckingOptions()
                .addGuarantee(ManagedStrategyGuaranteeKt.forClasses("dev.weft.future.Poll").methods("ready").ignore());
    }

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

    /**
     * Checks a deliberately broken variant, which the checker must catch: asserts that the check
     * failed with Lincheck's own error (not its bundled ASM refusing the classes) and prints the
     * report's headline and first lines naming any of {@code keys}.
     *
     * @param broken the broken variant's test class
     * @param options the strategy and its sizes
     * @param keys words of the lines worth printing from the report
     * @return the checker's error, for further assertions on its message
     */
    public static LincheckAssertionError assertCaught(Class<?> broken, Options<?, ?> options, String... keys) {
        Throwable thrown = catchThrowable(() -> check(broken, options));
        assertThat(thrown).as("the checker on " + broken.getSimpleName()).isInstanceOf(LincheckAssertionError.class);
        String message = thrown.getMessage();
        assertThat(message).doesNotContain("Unsupported class file major version");
        System.out.println("the checker on " + broken.getSimpleName() + ": " + message.lines()
                .filter(l -> l.startsWith("= ") || Arrays.stream(keys).anyMatch(l::contains)).distinct().limit(3).toList());
        return (LincheckAssertionError) thrown;
    }
}
