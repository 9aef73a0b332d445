package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.testkit.DifferentialTestBase;
import dev.weft.weaver.testkit.MemoryClassLoader;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The loop copies of a woven body never take one of its class file tables counted in two bytes
 * past 65,535 entries: bodies whose local variable or exception table is nearly full already
 * (filled with ASM: javac would need a larger method for that many entries) are woven, load and
 * run as unwoven. Names beyond the limit are left out of the copies; a copy that would overflow
 * the exception table is not made (its await resumes by jumping into the loop). (The line number
 * table is guarded the same way, but the copies' budget of 4,000 instructions, line numbers
 * included, cannot overflow it unless the original holds more than 61,535 entries.) Regression:
 * the weaver wrote a wrapped count, or failed.
 */
@Timeout(120)
class TableLimitsTest extends DifferentialTestBase {
    private static final int MAX_ENTRIES = 0xFFFF;
    private static final String BODY = "lambda$body$0";


    @Test
    void localVariableNamesBeyondTheLimitAreLeftOutOfTheCopies() throws Exception {
        MethodNode woven = weaveAndRun("FullNames", m -> {
            LabelNode start = new LabelNode();
            LabelNode end = new LabelNode();
            m.instructions.insert(start);
            m.instructions.add(end);
            String desc = m.localVariables.stream().filter(v -> v.index == 0).findFirst().orElseThrow().desc;
            for (int i = 0; i < 65_000; i++) m.localVariables.add(new LocalVariableNode("filler" + i, desc, null, start, end, 0));
        });

        assertThat(woven.localVariables).as("the original's names and the copies' up to the limit").hasSize(MAX_ENTRIES);
    }

    @Test
    void aCopyThatWouldOverflowTheExceptionTableIsNotMade() throws Exception {
        MethodNode woven = weaveAndRun("FullHandlers", m -> {
            TryCatchBlockNode inLoop = m.tryCatchBlocks.get(0);
            for (int i = 0; i < 33_000; i++) {
                m.tryCatchBlocks.add(new TryCatchBlockNode(inLoop.start, inLoop.end, inLoop.handler, inLoop.type));
            }
        });

        assertThat(woven.tryCatchBlocks.size()).isLessThanOrEqualTo(MAX_ENTRIES);
    }

    /** Compiles the body, fills a table of its lambda, weaves it, checks it and returns the woven lambda. */
    private MethodNode weaveAndRun(String simpleName, Consumer<MethodNode> fill) throws Exception {
        String name = "dev.weft.weaver.generated." + simpleName;
        Map<String, byte[]> classes = new HashMap<>(MemoryCompiler.compile(Map.of(name, source(simpleName))));
        classes.put(name, patched(classes.get(name), fill));
        ClassLoader parent = getClass().getClassLoader();
        WeavingClassLoader woven = WeavingClassLoader.ofClassFiles(parent, classes);

        diff.check(woven.loadClass(name), new MemoryClassLoader(parent, classes).loadClass(name), "body");

        ClassNode cn = new ClassNode();
        new ClassReader(woven.result(name).bytes()).accept(cn, 0);
        return cn.methods.stream().filter(m -> m.name.equals(BODY) && m.desc.contains("Context")).findFirst().orElseThrow();
    }

    private static byte[] patched(byte[] classFile, Consumer<MethodNode> fill) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        fill.accept(cn.methods.stream().filter(m -> m.name.equals(BODY)).findFirst().orElseThrow());
        ClassWriter cw = new ClassWriter(0);
        cn.accept(cw);
        return cw.toByteArray();
    }

    /** Two nested loops with awaits, a try/catch around one of them. */
    private static String source(String simpleName) {
        String body = """
                            long sum = 0;
                            for (int i = 0; i < 2; i++) {
                                for (int j = 0; j < 3; j++) {
                                    try {
                                        sum += await(p.later(i + j, 1));
                                    } catch (IllegalStateException e) {
                                        p.log("never " + e);
                                    }
                                    sum += await(p.ready(j));
                                    p.log("at " + i + " " + j + " " + sum);
                                }
                            }
                            return "sum " + sum;
                """;
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
                """.formatted(simpleName, body, body);
    }
}
