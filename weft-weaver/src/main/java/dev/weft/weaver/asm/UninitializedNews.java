package dev.weft.weaver.asm;

import dev.weft.weaver.WeaveException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Moves the objects of {@code new T(... await(x) ...)} out of the way of a suspension: an
 * uninitialized object cannot be spilled into a field, so every {@code NEW} whose object is
 * anywhere at an await (on the operand stack, or in a local: javac stores the whole operand stack
 * in locals before a switch expression with a {@code try}) is re-created at its constructor call.
 * Which {@code NEW} made which value, through loads, stores and {@code DUP}s, comes from data flow
 * ({@link NewOrigins}), not from the instructions' order.
 *
 * <p>For such a {@code NEW T}:
 * <ul>
 *   <li>where javac put it, {@code NEW T} stays, followed by {@code POP; ACONST_NULL}: the JVM
 *       initializes {@code T} there exactly as Java does (JLS 12.4.1), so a static initializer
 *       runs before the arguments are evaluated, and one that throws stops the expression before
 *       them (a second attempt gets {@code NoClassDefFoundError}, as unwoven). The object it
 *       makes is dropped at once; the {@code null} stands in for it, copied and stored where the
 *       object would have been, and spilled at an await like any {@code null};</li>
 *   <li>at each constructor call {@code INVOKESPECIAL T.<init>} that takes it, the arguments go to
 *       fresh locals, the stand-ins (the receiver, and the operand stack down to its deepest copy,
 *       other values parked in fresh locals) are popped, {@code NEW T; DUP; args;
 *       INVOKESPECIAL T.<init>} makes the object, and it is put where every copy was: back on the
 *       operand stack in each copy's place, and into each local that held a copy.</li>
 * </ul>
 * What changes is only when the object's memory is allocated (after the arguments, not before).
 * A {@code NEW} whose object is at no await is left alone. An object used in any other way than
 * copied, popped and initialized (javac never does) is refused with a {@link WeaveException}.
 */
final class UninitializedNews {
    private UninitializedNews() {}

    /**
     * Rewrites {@code method} in place.
     *
     * @param method the body (locals already renumbered)
     * @param owner the body's class, internal name
     * @param file the source file, for messages
     * @throws WeaveException if a moved object is used in a way the weaver cannot re-create
     */
    static void rewrite(MethodNode method, String owner, String file) {
        if (!hasNewAndAwait(method)) return;
        NewOrigins origins;
        try {
            origins = NewOrigins.analyze(owner, method);
        } catch (AnalyzerException e) {
            throw new WeaveException(where(file, e.node) + ": the weaver could not analyse " + method.name + ": "
                    + e.getMessage(), e);
        }
        Frame<BasicValue>[] frames = origins.frames();
        AbstractInsnNode[] insns = method.instructions.toArray();
        Set<TypeInsnNode> moved = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < insns.length; i++) {
            if (frames[i] == null || !Names.isAwait(insns[i])) continue;
            for (int l = 0; l < frames[i].getLocals(); l++) add(moved, frames[i].getLocal(l));
            for (int s = 0; s < frames[i].getStackSize(); s++) add(moved, frames[i].getStack(s));
        }
        if (moved.isEmpty()) return;
        for (TypeInsnNode n : moved) {
            if (origins.misused().contains(n)) {
                throw new WeaveException(where(file, n) + ": the object of 'new " + n.desc.replace('/', '.') + "(...)', "
                        + "alive at an await, is used before its constructor runs in a way the weaver cannot re-create "
                        + "after the await (not a class file javac makes). Fix: assign the awaited values to locals "
                        + "first and call the constructor with them.");
            }
        }
        for (int i = 0; i < insns.length; i++) {
            if (frames[i] == null || !NewOrigins.isConstructorCall(insns[i])) continue;
            MethodInsnNode init = (MethodInsnNode) insns[i];
            int receiver = frames[i].getStackSize() - Type.getArgumentTypes(init.desc).length - 1;
            TypeInsnNode made = NewOrigins.origin(frames[i].getStack(receiver));
            if (made != null && moved.contains(made)) remake(method, init, made, frames[i], file);
        }
        for (TypeInsnNode n : moved) {
            InsnList standIn = new InsnList();
            standIn.add(new InsnNode(Opcodes.POP));
            standIn.add(new InsnNode(Opcodes.ACONST_NULL));
            method.instructions.insert(n, standIn);
        }
        method.maxStack += 2; // NEW; DUP over the stand-ins popped, and a DUP to store into a local
    }

    /** Re-creates {@code made}'s object at {@code init} and puts it where its copies were ({@code frame}: before {@code init}). */
    private static void remake(MethodNode method, MethodInsnNode init, TypeInsnNode made, Frame<BasicValue> frame,
                               String file) {
        Type[] args = Type.getArgumentTypes(init.desc);
        int receiver = frame.getStackSize() - args.length - 1;
        int deepest = receiver;
        for (int j = receiver - 1; j >= 0; j--) {
            if (NewOrigins.origin(frame.getStack(j)) == made) deepest = j;
        }
        InsnList before = new InsnList();
        int[] argSlots = new int[args.length];
        for (int i = args.length - 1; i >= 0; i--) {
            argSlots[i] = fresh(method, args[i].getSize());
            before.add(new VarInsnNode(args[i].getOpcode(Opcodes.ISTORE), argSlots[i]));
        }
        before.add(new InsnNode(Opcodes.POP));
        int[] parked = new int[receiver];
        for (int j = receiver - 1; j >= deepest; j--) {
            BasicValue v = frame.getStack(j);
            if (NewOrigins.origin(v) == made) {
                before.add(new InsnNode(Opcodes.POP));
                continue;
            }
            if (v.getType() == null || v == BasicValue.RETURNADDRESS_VALUE) {
                throw new WeaveException(where(file, init) + ": an unexpected value on the operand stack among copies "
                        + "of 'new " + made.desc.replace('/', '.') + "(...)' at its constructor call. Fix: assign the "
                        + "awaited values to locals first and call the constructor with them.");
            }
            parked[j] = fresh(method, v.getSize());
            before.add(new VarInsnNode(v.getType().getOpcode(Opcodes.ISTORE), parked[j]));
        }
        before.add(new TypeInsnNode(Opcodes.NEW, made.desc));
        before.add(new InsnNode(Opcodes.DUP));
        for (int i = 0; i < args.length; i++) before.add(new VarInsnNode(args[i].getOpcode(Opcodes.ILOAD), argSlots[i]));
        method.instructions.insertBefore(init, before);

        InsnList after = new InsnList();
        for (int l = 0; l < frame.getLocals(); l++) {
            if (NewOrigins.origin(frame.getLocal(l)) != made) continue;
            after.add(new InsnNode(Opcodes.DUP));
            after.add(new VarInsnNode(Opcodes.ASTORE, l));
        }
        if (deepest == receiver) {
            after.add(new InsnNode(Opcodes.POP)); // no copy on the stack: the object lives in locals only
        } else if (deepest < receiver - 1) {
            int object = fresh(method, 1);
            after.add(new VarInsnNode(Opcodes.ASTORE, object));
            for (int j = deepest; j < receiver; j++) {
                BasicValue v = frame.getStack(j);
                after.add(NewOrigins.origin(v) == made ? new VarInsnNode(Opcodes.ALOAD, object)
                        : new VarInsnNode(v.getType().getOpcode(Opcodes.ILOAD), parked[j]));
            }
        } // else the one copy right under the receiver: the object is already in its place
        method.instructions.insert(init, after);
    }

    private static void add(Set<TypeInsnNode> moved, BasicValue v) {
        TypeInsnNode n = NewOrigins.origin(v);
        if (n != null) moved.add(n);
    }

    private static int fresh(MethodNode method, int size) {
        int slot = method.maxLocals;
        method.maxLocals += size;
        return slot;
    }

    private static boolean hasNewAndAwait(MethodNode method) {
        boolean news = false;
        boolean awaits = false;
        for (AbstractInsnNode insn = method.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            news |= insn.getOpcode() == Opcodes.NEW;
            awaits |= Names.isAwait(insn);
        }
        return news && awaits;
    }

    /** @return {@code File.java:line} of {@code insn} (the file alone if no line is known) */
    private static String where(String file, AbstractInsnNode insn) {
        for (AbstractInsnNode p = insn; p != null; p = p.getPrevious()) {
            if (p instanceof LineNumberNode ln) return file + ":" + ln.line;
        }
        return file;
    }
}
