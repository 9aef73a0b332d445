package dev.weft.weaver.refused;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Main;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.testkit.MemoryClassLoader;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.Probe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A body the weaver cannot weave never breaks its class: here the call site of one body sits in a
 * method whose stack-map frames merge two classes the weaver cannot find, so rewriting that call
 * fails; that body is refused (and kept stackful, with its reason, when asked), the class's other
 * body is woven, and a method the weaver does not change keeps its frames, whatever classes they
 * name. Regression: the weaver computed the frames of the whole class at once, so the failure
 * aborted the class (the agent left it unwoven, the offline command stopped), even with
 * keep-refused-stackful.
 */
class OneFailingBodyTest {
    private static final String PKG = "dev.weft.weaver.generated";
    private static final String NAME = PKG + ".Isolated";
    private static final String SOURCE = """
            package dev.weft.weaver.generated;

            import static dev.weft.Weft.await;

            import dev.weft.Weft;
            import dev.weft.future.Future;
            import dev.weft.weaver.testkit.Probe;

            public final class Isolated {
                private Isolated() {}

                public static Future<String> unframed(boolean c, Future<String> f) {
                    Object o = c ? new Left() : new Right();
                    return Weft.async(() -> o + await(f));
                }

                public static Future<String> ordinary(Probe p) {
                    return Weft.async(() -> "ordinary " + await(p.later(1, 1)));
                }

                static Object unrelated(boolean c) {
                    return c ? new Left() : new Right();
                }

                static final class Left {
                    @Override
                    public String toString() {
                        return "L";
                    }
                }

                static final class Right {}
            }
            """;
    private static final String LEFT_STACKFUL = " (left unwoven: it runs as a stackful coroutine)";
    private static final String REASON = "Isolated.java:14: the call of Weft.async in unframed is left unwoven: the "
            + "weaver cannot find class dev.weft.weaver.generated.Isolated$Left, which it needs to compute stack-map "
            + "frames; put it on the weaver's class path (the command line's --classpath; the project's dependencies "
            + "for the Maven plugin)";

    private static Map<String, byte[]> classes;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() {
        classes = MemoryCompiler.compile(Map.of(NAME, SOURCE));
    }

    @Test
    void theFailingBodyIsKeptStackfulWithItsReasonAndTheOtherBodyIsWoven() throws Exception {
        WeaveResult r = weaver(true).weave(classes.get(NAME));

        assertThat(r.warnings()).containsExactly(REASON + LEFT_STACKFUL);
        assertThat(r.addedClasses()).containsOnlyKeys("dev/weft/weaver/generated/Isolated$ordinary$0");
        Map<String, byte[]> run = new HashMap<>(classes);
        run.put(NAME, r.bytes());
        r.addedClasses().forEach((internal, bytes) -> run.put(internal.replace('/', '.'), bytes));
        Class<?> woven = new MemoryClassLoader(getClass().getClassLoader(), run).loadClass(NAME);
        Future<?> ordinary = (Future<?>) woven.getMethod("ordinary", Probe.class).invoke(null, new Probe());
        Future<?> unframed = (Future<?>) woven.getMethod("unframed", boolean.class, Future.class)
                .invoke(null, true, Future.ready("x"));
        assertThat(ordinary).isInstanceOf(WovenFuture.class);
        assertThat(unframed).isNotInstanceOf(WovenFuture.class);
        assertThat(List.of(Weft.blockOn(ordinary), Weft.blockOn(unframed))).containsExactly("ordinary 1", "Lx");
    }

    @Test
    void withoutKeepRefusedStackfulTheFailingBodyIsARefusalWithItsReason() {
        assertThatThrownBy(() -> weaver(false).weave(classes.get(NAME))).isInstanceOf(WeaveException.class)
                .hasMessage(REASON);
    }

    @Test
    void theOfflineCommandKeepsTheFailingBodyStackfulAndWeavesTheOther() throws Exception {
        Path in = tmp.resolve("in");
        Path dir = Files.createDirectories(in.resolve(PKG.replace('.', '/')));
        for (Map.Entry<String, byte[]> c : classes.entrySet()) {
            if (c.getKey().equals(NAME)) Files.write(dir.resolve("Isolated.class"), c.getValue());
        }
        Path out = tmp.resolve("out");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();

        int status = Main.run(new String[] {"weave", "--keep-refused-stackful", in.toString(), out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));

        String err = stderr.toString(StandardCharsets.UTF_8);
        assertThat(status).as(err).isZero();
        assertThat(stdout.toString(StandardCharsets.UTF_8)).startsWith("weft-weaver: wove 1 class, 1 body, 1 warning");
        assertThat(err).isEqualTo("weft-weaver: warning: " + REASON + LEFT_STACKFUL + "\n");
        assertThat(out.resolve(PKG.replace('.', '/') + "/Isolated$ordinary$0.class")).isRegularFile();
    }

    /**
     * Not a refusal but a failure inside the weaver (ASM cannot read the class file of Left, which
     * is damaged): the same isolation, the exception named in the warning.
     */
    @Test
    void aFailureInsideTheWeaverIsARefusalOfItsBodyOnly() {
        ClassResolver damaged = internal -> internal.equals(NAME.replace('.', '/')) ? classes.get(NAME)
                : internal.endsWith("Isolated$Left") ? new byte[] {(byte) 0xCA, (byte) 0xFE} : null;
        Weaver weaver = new Weaver(ClassResolver.chain(damaged, ClassResolver.of(getClass().getClassLoader())),
                new Weaver.Options(true, false, true));

        WeaveResult r = weaver.weave(classes.get(NAME));

        assertThat(r.addedClasses()).containsOnlyKeys("dev/weft/weaver/generated/Isolated$ordinary$0");
        assertThat(r.warnings()).singleElement().asString()
                .startsWith("Isolated.java:14: the call of Weft.async in unframed is left unwoven: the weaver failed on "
                        + "it (java.lang.")
                .endsWith("a weaver bug unless a class file it read is damaged: please report it with the class file. Fix "
                        + "meanwhile: keep the body stackful (the weaver's keep-refused-stackful option), or make it a "
                        + "stackful coroutine with Coroutine.async(...)." + LEFT_STACKFUL);
    }

    /** A weaver that finds Isolated but not its nested Left and Right (a class path that lacks them). */
    private static Weaver weaver(boolean keepRefused) {
        ClassResolver onlyIsolated = internal -> internal.equals(NAME.replace('.', '/')) ? classes.get(NAME) : null;
        return new Weaver(ClassResolver.chain(onlyIsolated, ClassResolver.of(OneFailingBodyTest.class.getClassLoader())),
                new Weaver.Options(keepRefused, false, true));
    }
}
