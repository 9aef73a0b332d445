package dev.weft.weaver.asm;

import dev.weft.weaver.ClassBytes;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/** The call sites and runtime names the weaver recognizes and emits. */
final class Names {
    static final String WEFT = "dev/weft/Weft";
    static final String AWAIT_DESC = "(Ldev/weft/future/Future;)Ljava/lang/Object;";
    /** {@code Weft.await(Fallible)}: the same await, declaring the future's checked failure type. */
    static final String AWAIT_FALLIBLE_DESC = "(Ldev/weft/future/Fallible;)Ljava/lang/Object;";
    static final String ASYNC_DESC = "(Ljava/util/concurrent/Callable;)Ldev/weft/future/Future;";
    static final String WOVEN_FUTURE = "dev/weft/coro/WovenFuture";
    static final String FUTURE = "dev/weft/future/Future";
    static final String CONTEXT = "dev/weft/future/Context";
    static final String POLL = "dev/weft/future/Poll";
    static final String READY = "dev/weft/future/Poll$Ready";
    static final String MARKER = ClassBytes.MARKER;
    static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";
    static final String TASK_SCOPE = "dev/weft/scope/TaskScope";

    private Names() {}

    /** @return whether {@code insn} is {@code Weft.await(Future)} or {@code Weft.await(Fallible)} */
    static boolean isAwait(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESTATIC && m.owner.equals(WEFT)
                && m.name.equals("await") && (m.desc.equals(AWAIT_DESC) || m.desc.equals(AWAIT_FALLIBLE_DESC));
    }

    /**
     * @param await an await call
     * @return whether the future {@code await} polls is {@code Future.yieldNow()}'s, made right
     *     before it (only labels, line numbers and frames between): {@code await(Future.yieldNow())}
     */
    static boolean awaitsYieldNow(MethodInsnNode await) {
        return await.desc.equals(AWAIT_DESC) && previousReal(await) instanceof MethodInsnNode m
                && m.getOpcode() == Opcodes.INVOKESTATIC && m.owner.equals(FUTURE) && m.name.equals("yieldNow")
                && m.desc.equals("()L" + FUTURE + ";");
    }

    /**
     * @return whether {@code insn} is {@code TaskScope.close()} on a receiver declared as
     *     {@code TaskScope} (what try-with-resources calls): in a woven body, an await of the
     *     scope's closing ({@link ScopeCloses})
     */
    static boolean isScopeClose(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKEVIRTUAL && m.owner.equals(TASK_SCOPE)
                && m.name.equals("close") && m.desc.equals("()V");
    }

    /** @return whether {@code insn} is {@code Weft.async(Callable)} */
    static boolean isAsync(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && m.getOpcode() == Opcodes.INVOKESTATIC && m.owner.equals(WEFT)
                && m.name.equals("async") && m.desc.equals(ASYNC_DESC);
    }

    /**
     * @param insn an instruction
     * @return the implementation method handle if {@code insn} makes a {@code Callable} through
     *     the lambda metafactory, else {@code null}
     */
    static Handle callableLambda(AbstractInsnNode insn) {
        if (!(insn instanceof InvokeDynamicInsnNode indy)) return null;
        if (!indy.bsm.getOwner().equals(LAMBDA_METAFACTORY) || !indy.name.equals("call")) return null;
        if (!indy.desc.endsWith(")Ljava/util/concurrent/Callable;")) return null;
        return indy.bsmArgs.length >= 2 && indy.bsmArgs[1] instanceof Handle h ? h : null;
    }

    /** @return the previous instruction that is not a label, line number or frame */
    static AbstractInsnNode previousReal(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) p = p.getPrevious();
        return p;
    }
}
