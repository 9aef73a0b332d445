package dev.weft.weaver.diff.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * What a debugger and a stack trace see of a woven body: the user's file, line, class and lambda
 * method in the top frame of an exception thrown after an await, and the user's local variable
 * names in the woven body method's LocalVariableTable.
 */
@Timeout(60)
class WovenDebugInfoTest {
    private static final String BODY = "throwsAfterAwait";
    private static WeavingClassLoader loader;
    private static Class<?> woven;

    @BeforeAll
    static void weave() throws ClassNotFoundException {
        String name = Traces.class.getName();
        loader = WeavingClassLoader.ofClasses(Traces.class.getClassLoader(), Set.of(name));
        woven = loader.loadClass(name);
    }

    @Test
    void anExceptionThrownAfterAnAwaitHasTheUsersFileLineAndLambdaInItsTopFrame() {
        Future<String> f = BodyMethods.future(woven, BODY, new Probe());
        assertThat(f).isInstanceOf(WovenFuture.class);
        StackTraceElement wovenTop = topFrame(f);
        StackTraceElement stackfulTop = topFrame(BodyMethods.future(Traces.class, BODY, new Probe()));

        assertThat(wovenTop.getClassName()).isEqualTo(Traces.class.getName());
        assertThat(wovenTop.getMethodName()).startsWith("lambda$" + BODY + "$");
        assertThat(wovenTop.getFileName()).isEqualTo("Traces.java");
        assertThat(wovenTop.getLineNumber()).isPositive();
        assertThat(List.of(wovenTop.getClassName(), wovenTop.getMethodName(), wovenTop.getFileName(), wovenTop.getLineNumber()))
                .as("the unwoven body's top frame is " + stackfulTop)
                .containsExactly(stackfulTop.getClassName(), stackfulTop.getMethodName(), stackfulTop.getFileName(),
                        stackfulTop.getLineNumber());
    }

    @Test
    void theWovenBodyMethodKeepsTheUsersLocalVariableNamesAndTypes() throws IOException {
        ClassNode unwoven = read(unwovenBytes());
        ClassNode wovenClass = read(loader.result(Traces.class.getName()).bytes());
        String lambda = unwoven.methods.stream().map(m -> m.name).filter(n -> n.startsWith("lambda$" + BODY + "$"))
                .findFirst().orElseThrow();
        Set<String> unwovenDescriptors = unwoven.methods.stream().filter(m -> m.name.equals(lambda)).map(m -> m.desc)
                .collect(Collectors.toSet());
        List<MethodNode> wovenBodies = wovenClass.methods.stream()
                .filter(m -> m.name.equals(lambda) && !unwovenDescriptors.contains(m.desc)).toList();
        assertThat(wovenBodies).as("woven overloads of " + lambda).hasSize(1);

        List<LocalVariableNode> table = wovenBodies.get(0).localVariables;
        assertThat(table).as("LocalVariableTable of the woven " + lambda).isNotNull();
        Map<String, String> types = table.stream().collect(Collectors.toMap(v -> v.name, v -> v.desc, (a, b) -> a));
        assertThat(types).containsEntry("word", "Ljava/lang/String;").containsEntry("length", "I")
                .containsEntry("total", "J").containsEntry("round", "I").containsEntry("half", "D");
    }

    /**
     * The loop's await resumes into a copy of the rest of the loop (so the loop keeps one entry):
     * the copy's {@code total += (long) (half * length)} must see the same names as the original.
     */
    @Test
    void theLocalsOfALoopCopiedForItsResumeKeepTheirNames() throws IOException {
        ClassNode wovenClass = read(loader.result(Traces.class.getName()).bytes());
        MethodNode body = wovenClass.methods.stream()
                .filter(m -> m.name.startsWith("lambda$" + BODY + "$") && m.desc.endsWith("Ldev/weft/future/Context;)Ljava/lang/Object;"))
                .findFirst().orElseThrow();
        List<AbstractInsnNode> code = List.of(body.instructions.toArray());
        List<AbstractInsnNode> sums = code.stream().filter(i -> i.getOpcode() == Opcodes.LADD).toList();
        List<AbstractInsnNode> products = code.stream().filter(i -> i.getOpcode() == Opcodes.DMUL).toList();
        assertThat(sums).as("total += in the loop and in its copy").hasSizeGreaterThanOrEqualTo(2);
        for (AbstractInsnNode add : sums) assertThat(namedAt(body, code, add)).as("names at a copy of total +=").contains("total", "round");
        for (AbstractInsnNode mul : products) assertThat(namedAt(body, code, mul)).as("names at a copy of half * length").contains("half", "length", "word");
    }

    /** @return the names of the LocalVariableTable entries whose range holds {@code insn} */
    private static Set<String> namedAt(MethodNode m, List<AbstractInsnNode> code, AbstractInsnNode insn) {
        int at = code.indexOf(insn);
        return m.localVariables.stream().filter(v -> code.indexOf(v.start) < at && at < code.indexOf(v.end))
                .map(v -> v.name).collect(Collectors.toSet());
    }

    private static StackTraceElement topFrame(Future<String> f) {
        Throwable thrown = catchThrowable(() -> Weft.blockOn(f));
        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessage("thrown after await: woven 9");
        return thrown.getStackTrace()[0];
    }

    private static byte[] unwovenBytes() throws IOException {
        try (InputStream in = Traces.class.getResourceAsStream("Traces.class")) {
            assertThat(in).isNotNull();
            return in.readAllBytes();
        }
    }

    private static ClassNode read(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }
}
