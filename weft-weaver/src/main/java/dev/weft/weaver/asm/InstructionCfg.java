package dev.weft.weaver.asm;

import dev.weft.weaver.model.Cfg;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The {@link Cfg} of a method's instructions as written, without analysing them: jumps, switches
 * and fall-through as normal edges, and an edge from every real instruction in a try range to its
 * handler, for every handler that covers it ({@link EdgeRecordingAnalyzer} instead records the
 * edges the JVM takes). Unreachable code keeps its edges.
 */
final class InstructionCfg {
    private InstructionCfg() {}

    /**
     * @param body the method
     * @param cut jumps whose normal edges are left out (their handler edges stay)
     * @return the graph over {@code body}'s instruction indices
     */
    static Cfg of(MethodNode body, Collection<? extends AbstractInsnNode> cut) {
        InsnList insns = body.instructions;
        int n = insns.size();
        Set<AbstractInsnNode> cutSet = Collections.newSetFromMap(new IdentityHashMap<>());
        cutSet.addAll(cut);
        List<List<Integer>> normal = new ArrayList<>(n);
        List<List<Integer>> exceptional = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            normal.add(new ArrayList<>(2));
            exceptional.add(new ArrayList<>(0));
        }
        int i = 0;
        for (AbstractInsnNode insn : insns) {
            if (!cutSet.contains(insn)) {
                List<Integer> s = normal.get(i);
                if (insn instanceof JumpInsnNode j) s.add(insns.indexOf(j.label));
                if (insn instanceof TableSwitchInsnNode t) targets(insns, t.dflt, t.labels, s);
                if (insn instanceof LookupSwitchInsnNode t) targets(insns, t.dflt, t.labels, s);
                if (fallsThrough(insn) && i + 1 < n) s.add(i + 1);
            }
            i++;
        }
        for (TryCatchBlockNode tcb : body.tryCatchBlocks) {
            int h = insns.indexOf(tcb.handler);
            for (int k = insns.indexOf(tcb.start); k < insns.indexOf(tcb.end); k++) {
                if (insns.get(k).getOpcode() >= 0) exceptional.get(k).add(h);
            }
        }
        return new Cfg(distinct(normal), distinct(exceptional));
    }

    /** @return whether control may go on from {@code insn} to the next instruction */
    static boolean fallsThrough(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op == Opcodes.GOTO || op == Opcodes.ATHROW || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH) {
            return false;
        }
        return op < Opcodes.IRETURN || op > Opcodes.RETURN;
    }

    private static void targets(InsnList insns, LabelNode dflt, List<LabelNode> labels, List<Integer> out) {
        out.add(insns.indexOf(dflt));
        for (LabelNode l : labels) out.add(insns.indexOf(l));
    }

    private static int[][] distinct(List<List<Integer>> edges) {
        int[][] out = new int[edges.size()][];
        for (int i = 0; i < out.length; i++) out[i] = edges.get(i).stream().distinct().mapToInt(Integer::intValue).toArray();
        return out;
    }
}
