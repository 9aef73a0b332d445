package dev.weft.weaver.asm;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Makes a task scope's {@code close()} in a woven body an await: each
 * {@code INVOKEVIRTUAL dev/weft/scope/TaskScope.close()V} becomes
 * {@code INVOKEVIRTUAL TaskScope.closing()Future; INVOKESTATIC Weft.await(Future)Object; POP},
 * which the rest of the weaver treats as any await. The close waits until the scope's children
 * have ended; blocking there would block the worker, and suspending is what {@code close()} does
 * in a stackful body anyway. The await is shielded ({@code closing()} is), so it waits in a body
 * that is being cancelled too. Only a receiver declared as {@code TaskScope} is seen: a scope held
 * as an {@code AutoCloseable} closes through the call, which refuses to block a worker.
 *
 * {@snippet :
 * ScopeCloses.rewrite(body); // before the body is analysed
 * }
 */
final class ScopeCloses {
    private ScopeCloses() {}

    /**
     * Rewrites {@code method} in place.
     *
     * @param method the body's copy
     * @return how many closes became awaits
     */
    static int rewrite(MethodNode method) {
        int n = 0;
        for (AbstractInsnNode insn : method.instructions.toArray()) {
            if (!Names.isScopeClose(insn)) continue;
            InsnList await = new InsnList();
            await.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, Names.TASK_SCOPE, "closing", "()L" + Names.FUTURE + ";",
                    false));
            await.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.WEFT, "await", Names.AWAIT_DESC, false));
            await.add(new InsnNode(Opcodes.POP));
            method.instructions.insert(insn, await);
            method.instructions.remove(insn);
            n++;
        }
        return n;
    }
}
