package dev.weft.weaver.asm;

import dev.weft.weaver.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Turns an analysed body into the woven one, in place. The result, per await {@code k}:
 * <pre>
 *   prologue:    switch (sm.label) { case 0: goto start; case k: goto restore_k; default: throw }
 *   restore_k:   locals = sm.fields (reference fields cleared); push stack fields;
 *                child = sm.awaitedChild(); goto resume_k
 *   start:       ...the user's code...
 *                child = &lt;the awaited future&gt;
 *   resume_k:    if (sm.unwinding()) WovenFuture.admitWhileUnwinding(child) // throws unless shielded
 *   poll_k:      p = child.poll(cx)          // its own call site; a throw goes to failed_k
 *                if (!(p instanceof Ready)) { WovenFuture.refuseEnd(p, child); goto suspend_k }
 *                                            // refuseEnd: throws (into the user's handlers, as
 *                                            // Weft.await does) if p is a stream's end, a bug
 *                v = ((Ready) p).value()
 *                ...the user's code goes on with v...
 *   failed_k:    throw awaitFailure(t)       // rethrows t itself, checked or not (below)
 *   suspend_k:   pop p; sm.fields = stack and live locals; sm.suspendOn(child); sm.label = k;
 *                return SUSPENDED
 * </pre>
 * What the child's poll threw reaches the user's code as it was thrown: {@code awaitFailure}
 * ({@code WovenFuture}) rethrows the same object and wraps nothing, a checked exception too, which
 * the body need not declare; {@code Weft.await} does the same.
 *
 * <p>A yield, {@code await(Future.yieldNow())}, makes no future: the weaver replaces the
 * {@code Future.yieldNow()} call by the shared {@code WovenFuture.YIELD} (its poll wakes the task and
 * is pending) and suspends on the shared {@code WovenFuture.YIELDED} (ready), so resuming goes on at
 * once; the rest is an ordinary await, cancellation included.
 *
 * The prologue and the suspend blocks lie outside every exception range, so neither a suspension
 * nor a resume runs the user's handlers or {@code finally} blocks; the await's own code, with its
 * {@code failed_k} handler (first in the exception table), lies inside the ranges around the
 * await, so a failure or a cancellation reaches exactly the handlers around it.
 */
final class BodyRewriter {
    private final MethodNode body;
    private final String stateClass;
    private final int sm;
    private final int cx;
    private final int child;
    private final List<JumpInsnNode> restores = new ArrayList<>();

    /**
     * @param body the analysed body
     * @param stateClass the state class's internal name
     * @param sm the slot of the state object parameter
     * @param cx the slot of the context parameter
     */
    BodyRewriter(MethodNode body, String stateClass, int sm, int cx) {
        this.body = body;
        this.stateClass = stateClass;
        this.sm = sm;
        this.cx = cx;
        this.child = body.maxLocals;
        body.maxLocals += 1;
    }

    /**
     * @param sites the awaits, in label order
     * @param returnType the body's original return type (primitive results are boxed)
     * @param loopCopies resume awaits inside loops through copies of the rest of the loop nest
     *     ({@link LoopResumes}) instead of jumping into the loops
     */
    void rewrite(List<AwaitSite> sites, Type returnType, boolean loopCopies) {
        InsnList code = body.instructions;
        for (AbstractInsnNode insn : code.toArray()) {
            if (insn instanceof FrameNode) code.remove(insn);
        }
        boxReturns(returnType);
        InsnList tail = new InsnList();
        List<LabelNode> resumes = new ArrayList<>();
        for (AwaitSite s : sites) {
            if (s.yield()) code.set(Names.previousReal(s.call()), yieldChild("YIELD"));
            LabelNode resume = new LabelNode();
            LabelNode suspend = new LabelNode();
            resumes.add(resume);
            code.insert(s.call(), await(resume, suspend));
            code.remove(s.call());
            tail.add(suspend);
            tail.add(suspendBlock(s, StateClassWriter.labelDescriptor(sites.size())));
        }
        code.add(tail);
        code.insert(prologue(sites, resumes));
        if (loopCopies) LoopResumes.apply(body, restores);
        body.desc = Type.getMethodDescriptor(Type.getObjectType("java/lang/Object"),
                Type.getArgumentTypes(body.desc));
    }

    /** The inline await: the child is on the stack; leaves its output there, or jumps to {@code suspend}. */
    private InsnList await(LabelNode resume, LabelNode suspend) {
        LabelNode pollStart = new LabelNode();
        LabelNode pollEnd = new LabelNode();
        LabelNode unwinding = new LabelNode();
        LabelNode poll = new LabelNode();
        LabelNode failed = new LabelNode();
        LabelNode ready = new LabelNode();
        LabelNode isReady = new LabelNode();
        InsnList at = new InsnList();
        at.add(new VarInsnNode(Opcodes.ASTORE, child));
        at.add(resume);
        at.add(new VarInsnNode(Opcodes.ALOAD, sm));
        at.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, Names.WOVEN_FUTURE, "unwinding", "()Z", false));
        at.add(new JumpInsnNode(Opcodes.IFNE, unwinding));
        at.add(poll);
        at.add(new VarInsnNode(Opcodes.ALOAD, child));
        at.add(new VarInsnNode(Opcodes.ALOAD, cx));
        at.add(pollStart);
        at.add(new MethodInsnNode(Opcodes.INVOKEINTERFACE, Names.FUTURE, "poll",
                "(L" + Names.CONTEXT + ";)L" + Names.POLL + ";", true));
        at.add(pollEnd);
        at.add(new InsnNode(Opcodes.DUP));
        at.add(new TypeInsnNode(Opcodes.INSTANCEOF, Names.READY));
        at.add(new JumpInsnNode(Opcodes.IFNE, isReady));
        at.add(new InsnNode(Opcodes.DUP));
        at.add(new VarInsnNode(Opcodes.ALOAD, child));
        at.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.WOVEN_FUTURE, "refuseEnd",
                "(L" + Names.POLL + ";L" + Names.FUTURE + ";)V", false));
        at.add(new JumpInsnNode(Opcodes.GOTO, suspend));
        at.add(isReady);
        at.add(new TypeInsnNode(Opcodes.CHECKCAST, Names.READY));
        at.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, Names.READY, "value", "()Ljava/lang/Object;", false));
        at.add(new JumpInsnNode(Opcodes.GOTO, ready));
        at.add(unwinding);
        at.add(new VarInsnNode(Opcodes.ALOAD, child));
        at.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.WOVEN_FUTURE, "admitWhileUnwinding",
                "(L" + Names.FUTURE + ";)V", false));
        at.add(new JumpInsnNode(Opcodes.GOTO, poll));
        at.add(failed);
        at.add(new MethodInsnNode(Opcodes.INVOKESTATIC, Names.WOVEN_FUTURE, "awaitFailure",
                "(Ljava/lang/Throwable;)Ljava/lang/RuntimeException;", false));
        at.add(new InsnNode(Opcodes.ATHROW));
        at.add(ready);
        // First in the table: a throw of this poll is rethrown from inside the user's ranges.
        body.tryCatchBlocks.add(0, new TryCatchBlockNode(pollStart, pollEnd, failed, null));
        return at;
    }

    private void boxReturns(Type returnType) {
        for (AbstractInsnNode insn : body.instructions.toArray()) {
            int op = insn.getOpcode();
            if (op < Opcodes.IRETURN || op > Opcodes.ARETURN || op == Opcodes.ARETURN) continue;
            Type boxed = box(returnType);
            body.instructions.insertBefore(insn, new MethodInsnNode(Opcodes.INVOKESTATIC, boxed.getInternalName(),
                    "valueOf", Type.getMethodDescriptor(boxed, returnType)));
            body.instructions.set(insn, new InsnNode(Opcodes.ARETURN));
        }
    }

    private static Type box(Type t) {
        String n = switch (t.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.BYTE -> "java/lang/Byte";
            case Type.CHAR -> "java/lang/Character";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.LONG -> "java/lang/Long";
            case Type.FLOAT -> "java/lang/Float";
            case Type.DOUBLE -> "java/lang/Double";
            default -> throw new IllegalArgumentException("not a primitive: " + t);
        };
        return Type.getObjectType(n);
    }

    private InsnList prologue(List<AwaitSite> sites, List<LabelNode> resumes) {
        InsnList p = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode bad = new LabelNode();
        LabelNode[] targets = new LabelNode[sites.size() + 1];
        targets[0] = start;
        for (int k = 1; k <= sites.size(); k++) targets[k] = new LabelNode();
        p.add(new VarInsnNode(Opcodes.ALOAD, sm));
        p.add(new FieldInsnNode(Opcodes.GETFIELD, stateClass, StateClassWriter.LABEL,
                StateClassWriter.labelDescriptor(sites.size())));
        p.add(new TableSwitchInsnNode(0, sites.size(), bad, targets));
        for (int k = 1; k <= sites.size(); k++) {
            AwaitSite s = sites.get(k - 1);
            p.add(targets[k]);
            for (Spill l : s.locals()) {
                loadSpill(p, l);
                p.add(new VarInsnNode(opcode(l.type(), Opcodes.ISTORE), l.index()));
            }
            for (Spill v : s.stack()) loadSpill(p, v);
            p.add(new VarInsnNode(Opcodes.ALOAD, sm));
            p.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, Names.WOVEN_FUTURE, "awaitedChild",
                    "()L" + Names.FUTURE + ";"));
            p.add(new VarInsnNode(Opcodes.ASTORE, child));
            JumpInsnNode jump = new JumpInsnNode(Opcodes.GOTO, resumes.get(k - 1));
            restores.add(jump);
            p.add(jump);
        }
        p.add(bad);
        p.add(new TypeInsnNode(Opcodes.NEW, "java/lang/IllegalStateException"));
        p.add(new InsnNode(Opcodes.DUP));
        p.add(new LdcInsnNode("woven body " + body.name + " resumed with an unknown state label"));
        p.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>",
                "(Ljava/lang/String;)V"));
        p.add(new InsnNode(Opcodes.ATHROW));
        p.add(start);
        return p;
    }

    /** Pushes a spilled value; a reference field is cleared so the state object keeps nothing dead. */
    private void loadSpill(InsnList p, Spill s) {
        if (s.field() == null) {
            p.add(new InsnNode(Opcodes.ACONST_NULL));
            return;
        }
        p.add(new VarInsnNode(Opcodes.ALOAD, sm));
        p.add(new FieldInsnNode(Opcodes.GETFIELD, stateClass, s.field(), s.type().descriptor()));
        if (s.type().sort() == ValueType.Sort.REFERENCE) {
            p.add(new VarInsnNode(Opcodes.ALOAD, sm));
            p.add(new InsnNode(Opcodes.ACONST_NULL));
            p.add(new FieldInsnNode(Opcodes.PUTFIELD, stateClass, s.field(), s.type().descriptor()));
        }
    }

    private InsnList suspendBlock(AwaitSite s, String labelDescriptor) {
        InsnList b = new InsnList();
        b.add(new InsnNode(Opcodes.POP));
        for (int i = s.stack().size() - 1; i >= 0; i--) {
            Spill v = s.stack().get(i);
            if (v.field() == null) {
                b.add(new InsnNode(Opcodes.POP));
                continue;
            }
            b.add(new VarInsnNode(Opcodes.ALOAD, sm));
            if (v.type().isWide()) {
                b.add(new InsnNode(Opcodes.DUP_X2));
                b.add(new InsnNode(Opcodes.POP));
            } else {
                b.add(new InsnNode(Opcodes.SWAP));
            }
            b.add(new FieldInsnNode(Opcodes.PUTFIELD, stateClass, v.field(), v.type().descriptor()));
        }
        for (Spill l : s.locals()) {
            if (l.field() == null) continue;
            b.add(new VarInsnNode(Opcodes.ALOAD, sm));
            b.add(new VarInsnNode(opcode(l.type(), Opcodes.ILOAD), l.index()));
            b.add(new FieldInsnNode(Opcodes.PUTFIELD, stateClass, l.field(), l.type().descriptor()));
        }
        b.add(new VarInsnNode(Opcodes.ALOAD, sm));
        b.add(s.yield() ? yieldChild("YIELDED") : new VarInsnNode(Opcodes.ALOAD, child));
        b.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, Names.WOVEN_FUTURE, "suspendOn", "(L" + Names.FUTURE + ";)V",
                false));
        b.add(new VarInsnNode(Opcodes.ALOAD, sm));
        b.add(new LdcInsnNode(s.label()));
        b.add(new FieldInsnNode(Opcodes.PUTFIELD, stateClass, StateClassWriter.LABEL, labelDescriptor));
        b.add(suspendedMarker());
        b.add(new InsnNode(Opcodes.ARETURN));
        return b;
    }

    /** {@code WovenFuture.YIELD} (polled at a yield) or {@code YIELDED} (suspended on after it). */
    private static FieldInsnNode yieldChild(String name) {
        return new FieldInsnNode(Opcodes.GETSTATIC, Names.WOVEN_FUTURE, name, "L" + Names.FUTURE + ";");
    }

    private static FieldInsnNode suspendedMarker() {
        return new FieldInsnNode(Opcodes.GETSTATIC, Names.WOVEN_FUTURE, "SUSPENDED", "Ljava/lang/Object;");
    }

    private static int opcode(ValueType t, int intOpcode) {
        Type asm = switch (t.sort()) {
            case INT -> Type.INT_TYPE;
            case FLOAT -> Type.FLOAT_TYPE;
            case LONG -> Type.LONG_TYPE;
            case DOUBLE -> Type.DOUBLE_TYPE;
            case REFERENCE, NULL -> Type.getObjectType("java/lang/Object");
        };
        return asm.getOpcode(intOpcode);
    }
}
