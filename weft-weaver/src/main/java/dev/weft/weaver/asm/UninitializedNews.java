package dev.weft.weaver.asm;

import dev.weft.weaver.WeaveException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Moves {@code new T(... await(x) ...)} out of the way of a suspension: an uninitialized object on
 * the operand stack cannot be spilled into a field, so for every {@code NEW T; DUP} whose
 * constructor call comes after an await, the weaver turns the {@code DUP} into a {@code POP} and
 * re-creates {@code NEW T; DUP} just before the {@code INVOKESPECIAL T.<init>}, with the
 * constructor's arguments parked in fresh locals meanwhile (Kotlin does the same).
 *
 * <p>The first {@code NEW T} stays where javac put it, before the arguments: the JVM initializes
 * {@code T} there exactly as Java does (JLS 12.4.1), so a static initializer runs before the
 * arguments are evaluated, and one that throws stops the expression before them (a second attempt
 * gets {@code NoClassDefFoundError}, as unwoven). The object it makes is popped at once, never
 * used; the object the constructor initializes is the second one. What changes is only when the
 * memory is allocated (after the arguments, not before).
 *
 * <p>javac emits {@code NEW T; DUP; args; INVOKESPECIAL T.<init>} properly nested in instruction
 * order, which is what the matching below relies on.
 */
final class UninitializedNews {
    private UninitializedNews() {}

    /**
     * Rewrites {@code method} in place.
     *
     * @param method the body (locals already renumbered)
     * @param where names the body in error messages
     */
    static void rewrite(MethodNode method, String where) {
        record Open(TypeInsnNode newInsn, int awaitsBefore) {}
        ArrayDeque<Open> open = new ArrayDeque<>();
        List<TypeInsnNode> news = new ArrayList<>();
        List<MethodInsnNode> inits = new ArrayList<>();
        int awaits = 0;
        for (AbstractInsnNode insn = method.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() == Opcodes.NEW) {
                open.push(new Open((TypeInsnNode) insn, awaits));
            } else if (Names.isAwait(insn)) {
                awaits++;
            } else if (insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESPECIAL
                    && m.name.equals("<init>") && !open.isEmpty() && open.peek().newInsn().desc.equals(m.owner)) {
                Open o = open.pop();
                if (awaits > o.awaitsBefore()) {
                    news.add(o.newInsn());
                    inits.add(m);
                }
            }
        }
        for (int i = 0; i < news.size(); i++) move(method, news.get(i), inits.get(i), where);
    }

    private static void move(MethodNode method, TypeInsnNode newInsn, MethodInsnNode init, String where) {
        AbstractInsnNode dup = newInsn.getNext();
        if (dup == null || dup.getOpcode() != Opcodes.DUP) {
            throw new WeaveException(where + ": 'new " + newInsn.desc.replace('/', '.')
                    + "(...)' with an await among its arguments is not followed by DUP; the weaver handles "
                    + "javac's NEW/DUP shape only. Fix: assign the awaited value to a local first.");
        }
        InsnList code = method.instructions;
        code.set(dup, new InsnNode(Opcodes.POP)); // NEW T stays: it initializes T where Java does
        Type[] args = Type.getArgumentTypes(init.desc);
        int[] slots = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            slots[i] = method.maxLocals;
            method.maxLocals += args[i].getSize();
        }
        InsnList before = new InsnList();
        for (int i = args.length - 1; i >= 0; i--) before.add(new VarInsnNode(args[i].getOpcode(Opcodes.ISTORE), slots[i]));
        before.add(new TypeInsnNode(Opcodes.NEW, newInsn.desc));
        before.add(new InsnNode(Opcodes.DUP));
        for (int i = 0; i < args.length; i++) before.add(new VarInsnNode(args[i].getOpcode(Opcodes.ILOAD), slots[i]));
        code.insertBefore(init, before);
    }
}
