package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.testkit.DifferentialTestBase;
import dev.weft.weaver.testkit.MemoryClassLoader;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A body with hundreds of locals (ints, longs, doubles, strings) live across the awaits of two
 * nested loops, each statement on a line of its own: the loop copies that keep the woven loops
 * reducible named each local once per copied line, which put far more than the class file's
 * 65,535 entries into the woven method's LocalVariableTable. Regression: the count wrapped and the
 * woven class failed to load ("LocalVariableTable has wrong length"). See also
 * {@link TableLimitsTest}.
 */
@Timeout(120)
class ManyLocalsInLoopsTest extends DifferentialTestBase {
    private static final String NAME = "dev.weft.weaver.generated.ManyLocals";
    private static final int LOCALS = 300;
    private static final int AWAITS = 6;
    private static final int LINES = 96;
    private static final int MAX_ENTRIES = 0xFFFF;

    @Test
    void hundredsOfLocalsLiveAcrossAwaitsInNestedLoopsLoadAndRunAsUnwoven() throws Exception {
        Map<String, byte[]> classes = MemoryCompiler.compile(Map.of(NAME, source()));
        ClassLoader parent = getClass().getClassLoader();
        WeavingClassLoader woven = WeavingClassLoader.ofClassFiles(parent, classes);

        diff.check(woven.loadClass(NAME), new MemoryClassLoader(parent, classes).loadClass(NAME), "body");

        ClassNode cn = new ClassNode();
        new ClassReader(woven.result(NAME).bytes()).accept(cn, 0);
        for (MethodNode m : cn.methods) {
            int names = m.localVariables == null ? 0 : m.localVariables.size();
            assertThat(names).as(m.name + m.desc + ": LocalVariableTable entries").isLessThanOrEqualTo(MAX_ENTRIES);
        }
    }

    private static String source() {
        return source(NAME, LOCALS, LINES, AWAITS);
    }

    /**
     * A body of {@code locals} locals, two nested loops around {@code lines} lines, {@code awaits}
     * of them awaits, and a result made of every local.
     *
     * @param name the class's binary name
     * @param locals how many locals
     * @param lines how many lines the inner loop has
     * @param awaits how many of them await
     * @return the source of a class with {@code body(Probe)} and {@code bodyBlocking(Probe)}
     */
    static String source(String name, int locals, int lines, int awaits) {
        String declarations = IntStream.range(0, locals).mapToObj(i -> "            " + type(i) + " v" + i + " = " + init(i) + ";")
                .collect(Collectors.joining("\n"));
        String loop = IntStream.range(0, lines).mapToObj(k -> "                    " + update(k, locals, lines / awaits))
                .collect(Collectors.joining("\n"));
        String result = IntStream.range(0, locals).mapToObj(i -> "v" + i).collect(Collectors.joining(" + \" \" + "));
        String body = """
                %s
                            for (int i = 0; i < 2; i++) {
                                for (int j = 0; j < 2; j++) {
                %s
                                }
                            }
                            return "" + %s;
                """.formatted(declarations, loop, result);
        return """
                package dev.weft.weaver.generated;

                import static dev.weft.Weft.await;

                import dev.weft.Weft;
                import dev.weft.future.Future;
                import dev.weft.weaver.testkit.Probe;
                import java.util.concurrent.Callable;

                public final class %s {
                    public static Future<String> body(Probe p) {
                        return Weft.async(() -> {
                %s        });
                    }

                    public static Callable<String> bodyBlocking(Probe p) {
                        return () -> {
                %s        };
                    }
                }
                """.formatted(name.substring(name.lastIndexOf('.') + 1), body, body);
    }

    private static String type(int i) {
        return switch (i % 4) {
            case 0 -> "int";
            case 1 -> "long";
            case 2 -> "double";
            default -> "String";
        };
    }

    private static String init(int i) {
        return switch (i % 4) {
            case 0 -> Integer.toString(i);
            case 1 -> i + "L";
            case 2 -> i + ".5";
            default -> "\"s" + i + "\"";
        };
    }

    /** Line {@code k} of the inner loop: every {@code every}-th awaits. */
    private static String update(int k, int locals, int every) {
        int v = (k * 37) % locals;
        boolean awaits = k % every == every - 1;
        String value = awaits ? "await(p.later(j + " + k + ", " + (k % 2) + "))" : "(i + j + " + k + ")";
        return switch (v % 4) {
            case 0 -> "v" + v + " += " + value + ";";
            case 1 -> "v" + v + " ^= " + value + ";";
            case 2 -> "v" + v + " -= " + value + ";";
            default -> "v" + v + " = v" + v + ".length() > 40 ? \"r\" : v" + v + " + " + value + ";";
        };
    }
}
