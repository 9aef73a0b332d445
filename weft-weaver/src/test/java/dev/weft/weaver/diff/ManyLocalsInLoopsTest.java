package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.testkit.DifferentialTestBase;
import dev.weft.weaver.testkit.MemoryClassLoader;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Bodies whose loop copies (which keep the woven loops reducible) would put more than the class
 * file's 65,535 entries into the woven method's LocalVariableTable: hundreds of locals live across
 * the awaits of two nested loops, each statement on a line of its own (the copies named each local
 * once per copied line), and a body whose table is nearly full already. Regression: the count
 * wrapped and the woven class failed to load ("LocalVariableTable has wrong length").
 */
@Timeout(120)
class ManyLocalsInLoopsTest extends DifferentialTestBase {
    private static final String NAME = "dev.weft.weaver.generated.ManyLocals";
    private static final int LOCALS = 300;
    private static final int AWAITS = 6;
    private static final int LINES = 96;
    private static final int MAX_ENTRIES = 0xFFFF;
    /** Names already in the nearly full table. */
    private static final int FILLER = 65_000;

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

    /**
     * The loop copies' local variable names beyond the table's 65,535 entries are left out: the
     * body is woven with its copies, loads and runs. Its table is filled with the names of a
     * method with thousands of block-scoped locals (patched in with ASM: javac would need a
     * larger method for them).
     */
    @Test
    void aBodyWhoseLocalVariableTableIsNearlyFullKeepsItsLoopCopiesWithoutTheirNamesBeyondTheLimit() throws Exception {
        String name = "dev.weft.weaver.generated.FullTable";
        Map<String, byte[]> classes = new HashMap<>(MemoryCompiler.compile(Map.of(name, source(name, 4, 8, 4))));
        classes.put(name, withNames(classes.get(name), "lambda$body$0", FILLER));
        ClassLoader parent = getClass().getClassLoader();
        WeavingClassLoader woven = WeavingClassLoader.ofClassFiles(parent, classes);

        diff.check(woven.loadClass(name), new MemoryClassLoader(parent, classes).loadClass(name), "body");

        ClassNode cn = new ClassNode();
        new ClassReader(woven.result(name).bytes()).accept(cn, 0);
        MethodNode body = cn.methods.stream().filter(m -> m.name.equals("lambda$body$0") && m.desc.contains("Context"))
                .findFirst().orElseThrow();
        assertThat(body.localVariables).as("the woven body's names: the original's and the copies' up to the limit")
                .hasSize(MAX_ENTRIES);
    }

    /** Adds {@code count} names of slot 0 over the whole of {@code method}. */
    private static byte[] withNames(byte[] classFile, String method, int count) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        m.instructions.insert(start);
        m.instructions.add(end);
        String desc = m.localVariables.stream().filter(v -> v.index == 0).findFirst().orElseThrow().desc;
        for (int i = 0; i < count; i++) m.localVariables.add(new LocalVariableNode("filler" + i, desc, null, start, end, 0));
        ClassWriter cw = new ClassWriter(0);
        cn.accept(cw);
        return cw.toByteArray();
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
     */
    private static String source(String name, int locals, int lines, int awaits) {
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
