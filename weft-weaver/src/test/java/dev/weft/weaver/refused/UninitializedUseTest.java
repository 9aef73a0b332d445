package dev.weft.weaver.refused;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.testkit.MemoryCompiler;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The weaver re-creates an object of {@code new} that is alive at an await at its constructor
 * call; an object that is used in any other way before its constructor runs (here compared with
 * {@code null}, patched into javac's code with ASM: javac never does it) cannot be re-created,
 * and the body is refused with its file, line and a fix.
 */
class UninitializedUseTest {
    private static final String NAME = "dev.weft.weaver.generated.ComparedNew";
    private static final String SOURCE = """
            package dev.weft.weaver.generated;

            import static dev.weft.Weft.await;

            import dev.weft.Weft;
            import dev.weft.future.Future;

            public final class ComparedNew {
                public static Future<String> body(Future<String> f) {
                    return Weft.async(() -> new StringBuilder(await(f)).toString());
                }
            }
            """;

    @Test
    void anObjectOfNewUsedBeforeItsConstructorAcrossAnAwaitIsRefusedWithFileLineAndFix() {
        byte[] patched = comparedWithNull(MemoryCompiler.compile(Map.of(NAME, SOURCE)).get(NAME));

        assertThatThrownBy(() -> weaver(false).weave(patched)).isInstanceOf(WeaveException.class)
                .hasMessage("ComparedNew.java:10: the object of 'new java.lang.StringBuilder(...)', alive at an await, is "
                        + "used before its constructor runs in a way the weaver cannot re-create after the await (not a "
                        + "class file javac makes). Fix: assign the awaited values to locals first and call the "
                        + "constructor with them.");
        WeaveResult kept = weaver(true).weave(patched);
        assertThat(kept.changed()).isFalse();
        assertThat(kept.warnings()).singleElement().asString().startsWith("ComparedNew.java:10: the object of 'new");
    }

    private static Weaver weaver(boolean keepRefused) {
        return new Weaver(ClassResolver.of(UninitializedUseTest.class.getClassLoader()),
                new Weaver.Options(keepRefused, false, true));
    }

    /** Adds {@code DUP; IFNULL next} after the body's {@code NEW StringBuilder; DUP}. */
    private static byte[] comparedWithNull(byte[] classFile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, ClassReader.SKIP_FRAMES);
        for (MethodNode m : cn.methods) {
            if (!m.name.startsWith("lambda$")) continue;
            for (AbstractInsnNode insn : m.instructions.toArray()) {
                if (insn.getOpcode() != Opcodes.NEW) continue;
                LabelNode next = new LabelNode();
                InsnList compare = new InsnList();
                compare.add(new InsnNode(Opcodes.DUP));
                compare.add(new JumpInsnNode(Opcodes.IFNULL, next));
                compare.add(next);
                m.instructions.insert(insn.getNext(), compare);
            }
        }
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        cn.accept(cw);
        return cw.toByteArray();
    }
}
