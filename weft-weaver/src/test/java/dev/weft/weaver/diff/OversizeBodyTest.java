package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A body that javac fits in one method but whose woven form cannot fit (1000 awaits with ten live
 * longs: about 24 KB of bytecode, well over 64 KB woven) is refused like any other body the weaver
 * cannot weave: a {@link WeaveException} naming its source, or, with
 * {@link Weaver.Options#keepRefusedStackful}, a warning and a stackful body that still runs.
 * Regression: the weaver threw ASM's {@code MethodTooLargeException} out of {@code weave}, with
 * either option.
 */
@Timeout(60)
class OversizeBodyTest {
    private static final String NAME = "dev.weft.weaver.generated.Oversize";
    private static final int AWAITS = 1000;
    private static final int LOCALS = 10;
    /** A body inside a loop that fits in 64 KiB woven, but not with its loop copies (measured: 255 awaits fit with them). */
    private static final String LOOP_NAME = "dev.weft.weaver.generated.LoopNearTheLimit";
    private static final int LOOP_AWAITS = 275;
    private static Map<String, byte[]> classes;

    @BeforeAll
    static void compile() {
        classes = MemoryCompiler.compile(Map.of(NAME, source()));
    }

    @Test
    void aBodyTooLargeToWeaveIsRefusedWithAWeaveExceptionNamingItsSource() {
        Weaver weaver = new Weaver(resolver(), Weaver.Options.defaults());

        assertThatThrownBy(() -> weaver.weave(classes.get(NAME))).isInstanceOf(WeaveException.class)
                .hasMessageContaining("Oversize.java");
    }

    @Test
    void aBodyTooLargeToWeaveIsLeftStackfulWithAWarningWhenAsked() throws Exception {
        WeaveResult r = new Weaver(resolver(), new Weaver.Options(true, false, true)).weave(classes.get(NAME));
        assertThat(r.warnings()).hasSize(1);

        Class<?> c = WeavingClassLoader.ofClassFiles(getClass().getClassLoader(), classes).loadClass(NAME);
        Future<String> f = BodyMethods.future(c, "body", new Probe());
        assertThat(f).isNotInstanceOf(WovenFuture.class);
        assertThat(Weft.blockOn(f)).isEqualTo(expected());
    }

    /**
     * The loop copies that keep a woven loop reducible (so C2 can vectorise it) only help the JIT:
     * a body that fits in 64 KiB without them but not with them is woven without them, not refused.
     */
    @Test
    void aBodyThatFitsOnlyWithoutItsLoopCopiesIsWovenWithoutThem() throws Exception {
        Map<String, byte[]> loop = MemoryCompiler.compile(Map.of(LOOP_NAME, source(LOOP_NAME, "for (int r = 0; r < 2; r++) {", "}")));
        ClassResolver resolver = ClassResolver.chain(internal -> loop.get(internal.replace('/', '.')),
                ClassResolver.of(OversizeBodyTest.class.getClassLoader()));
        WeaveResult woven = new Weaver(resolver, Weaver.Options.defaults()).weave(loop.get(LOOP_NAME));
        WeaveResult flat;
        System.setProperty("weft.weaver.loopResumes", "false");
        try {
            flat = new Weaver(resolver, Weaver.Options.defaults()).weave(loop.get(LOOP_NAME));
        } finally {
            System.clearProperty("weft.weaver.loopResumes");
        }
        assertThat(woven.changed()).isTrue();
        assertThat(woven.warnings()).isEmpty();
        assertThat(woven.bytes()).isEqualTo(flat.bytes());

        Class<?> c = WeavingClassLoader.ofClassFiles(getClass().getClassLoader(), loop).loadClass(LOOP_NAME);
        Future<String> f = BodyMethods.future(c, "body", new Probe());
        assertThat(f).isInstanceOf(WovenFuture.class);
        assertThat(Weft.blockOn(f)).isEqualTo(expected(LOOP_AWAITS, 2));
    }

    private static ClassResolver resolver() {
        return ClassResolver.chain(internal -> classes.get(internal.replace('/', '.')),
                ClassResolver.of(OversizeBodyTest.class.getClassLoader()));
    }

    private static String source() {
        return source(NAME, "", "");
    }

    /** {@code AWAITS} (or {@code LOOP_AWAITS} in a loop) awaits adding to ten live longs. */
    private static String source(String name, String open, String close) {
        int count = open.isEmpty() ? AWAITS : LOOP_AWAITS;
        String declarations = IntStream.range(0, LOCALS).mapToObj(i -> "long a" + i + " = " + i + ";").collect(Collectors.joining(" "));
        String awaits = IntStream.range(0, count).mapToObj(k -> "            a" + k % LOCALS + " += await(p.ready(" + k + "L));")
                .collect(Collectors.joining("\n"));
        String result = IntStream.range(0, LOCALS).mapToObj(i -> "a" + i).collect(Collectors.joining(" + \" \" + "));
        return """
                package dev.weft.weaver.generated;

                import static dev.weft.Weft.await;

                import dev.weft.Weft;
                import dev.weft.future.Future;
                import dev.weft.weaver.testkit.Probe;

                public final class %s {
                    public static Future<String> body(Probe p) {
                        return Weft.async(() -> {
                            %s
                            %s
                %s
                            %s
                            return "" + %s;
                        });
                    }
                }
                """.formatted(name.substring(name.lastIndexOf('.') + 1), declarations, open, awaits, close, result);
    }

    private static String expected() {
        return expected(AWAITS, 1);
    }

    private static String expected(int awaits, int rounds) {
        long[] a = new long[LOCALS];
        for (int i = 0; i < LOCALS; i++) a[i] = i;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < awaits; k++) a[k % LOCALS] += k;
        }
        return IntStream.range(0, LOCALS).mapToObj(i -> Long.toString(a[i])).collect(Collectors.joining(" "));
    }
}
