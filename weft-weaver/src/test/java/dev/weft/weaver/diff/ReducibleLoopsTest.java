package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Weaver;
import dev.weft.weaver.diff.bodies.Loops;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every loop of a woven body of {@link Loops} has a single entry: the instruction-level control-flow
 * graph of each woven body (jumps, switches, fall-through, and an edge from every real instruction
 * in a try range to its handler) is reducible, i.e. for every retreating edge {@code u -> h} of a
 * depth-first walk from instruction 0, {@code h} dominates {@code u}.
 *
 * <p>Why it matters: the prologue's jump from a state case to an await's resume point is a second
 * entry into every loop around that await. HotSpot's C2 compiles a loop with a second entry without
 * loop predicates (the hoisted invariant and range checks), so the loop is not vectorised; see
 * {@code weft-bench/RESULTS.md} for the measurement. The weaver's {@code LoopResumes} pass makes a
 * resume enter a copy of the rest of the loop nest instead. The second test weaves with that pass
 * off ({@code -Dweft.weaver.loopResumes=false}) and shows the same check finds the second entries,
 * so the first test's pass is not vacuous.
 */
@Timeout(60)
class ReducibleLoopsTest {
    private static final String BODY_DESCRIPTOR_END = "Ldev/weft/future/Context;)Ljava/lang/Object;";
    private static final String PROPERTY = "weft.weaver.loopResumes";

    @Test
    void everyLoopOfEveryWovenBodyHasASingleEntry() throws IOException {
        Map<String, List<String>> irreducible = irreducibleEdgesByBody(weaveLoops());

        assertThat(irreducible).as("woven bodies checked").hasSizeGreaterThanOrEqualTo(5);
        irreducible.values().removeIf(List::isEmpty);
        assertThat(irreducible).as("retreating edges u -> h whose target h does not dominate u, by body").isEmpty();
    }

    @Test
    void withoutLoopResumesTheSameCheckFindsLoopsEnteredAtTheirResumePoints() throws IOException {
        Map<String, List<String>> irreducible;
        String before = System.getProperty(PROPERTY);
        System.setProperty(PROPERTY, "false");
        try {
            irreducible = irreducibleEdgesByBody(weaveLoops());
        } finally {
            if (before == null) System.clearProperty(PROPERTY);
            else System.setProperty(PROPERTY, before);
        }

        irreducible.values().removeIf(List::isEmpty);
        assertThat(irreducible).as("bodies with an irreducible loop when resumes jump into the loop")
                .hasSizeGreaterThanOrEqualTo(3);
    }

    private static byte[] weaveLoops() throws IOException {
        byte[] bytes;
        try (InputStream in = Loops.class.getResourceAsStream("Loops.class")) {
            bytes = in.readAllBytes();
        }
        return new Weaver(ClassResolver.of(ReducibleLoopsTest.class.getClassLoader()), Weaver.Options.defaults())
                .weave(bytes).bytes();
    }

    /** @return for each woven body method (name + descriptor), its irreducible edges (empty if none) */
    private static Map<String, List<String>> irreducibleEdgesByBody(byte[] woven) {
        ClassNode c = new ClassNode();
        new ClassReader(woven).accept(c, 0);
        Map<String, List<String>> byBody = new LinkedHashMap<>();
        for (MethodNode m : c.methods) {
            if (m.desc.endsWith(BODY_DESCRIPTOR_END) && m.instructions.size() > 0) {
                byBody.put(m.name + m.desc, new Cfg(m).irreducibleEdges());
            }
        }
        return byBody;
    }

    /** The control-flow graph of a method over its instruction indices (labels and frames included). */
    private static final class Cfg {
        private final int size;
        private final List<List<Integer>> succ = new ArrayList<>();

        Cfg(MethodNode m) {
            InsnList insns = m.instructions;
            size = insns.size();
            for (int i = 0; i < size; i++) succ.add(new ArrayList<>());
            for (int i = 0; i < size; i++) {
                AbstractInsnNode insn = insns.get(i);
                int op = insn.getOpcode();
                switch (insn) {
                    case JumpInsnNode j -> {
                        succ.get(i).add(insns.indexOf(j.label));
                        if (op != Opcodes.GOTO) fallThrough(i);
                    }
                    case TableSwitchInsnNode s -> {
                        succ.get(i).add(insns.indexOf(s.dflt));
                        for (LabelNode l : s.labels) succ.get(i).add(insns.indexOf(l));
                    }
                    case LookupSwitchInsnNode s -> {
                        succ.get(i).add(insns.indexOf(s.dflt));
                        for (LabelNode l : s.labels) succ.get(i).add(insns.indexOf(l));
                    }
                    default -> {
                        boolean ends = op == Opcodes.ATHROW || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN);
                        if (!ends) fallThrough(i);
                    }
                }
            }
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                int handler = insns.indexOf(t.handler);
                for (int i = insns.indexOf(t.start) + 1; i < insns.indexOf(t.end); i++) {
                    if (insns.get(i).getOpcode() >= 0) succ.get(i).add(handler);
                }
            }
        }

        private void fallThrough(int i) {
            if (i + 1 < size) succ.get(i).add(i + 1);
        }

        /** @return the retreating edges {@code u -> h} of a DFS from 0 where {@code h} does not dominate {@code u} */
        List<String> irreducibleEdges() {
            List<String> bad = new ArrayList<>();
            BitSet seen = new BitSet(size);
            BitSet onPath = new BitSet(size);
            Deque<int[]> stack = new ArrayDeque<>(); // {node, next successor to visit}
            seen.set(0);
            onPath.set(0);
            stack.push(new int[] {0, 0});
            while (!stack.isEmpty()) {
                int[] top = stack.peek();
                int u = top[0];
                if (top[1] == succ.get(u).size()) {
                    onPath.clear(u);
                    stack.pop();
                    continue;
                }
                int v = succ.get(u).get(top[1]++);
                if (onPath.get(v)) {
                    if (!dominates(v, u)) bad.add(u + " -> " + v);
                } else if (!seen.get(v)) {
                    seen.set(v);
                    onPath.set(v);
                    stack.push(new int[] {v, 0});
                }
            }
            return bad;
        }

        /** @return whether every path from 0 to {@code u} passes {@code h}: {@code u} is unreachable with {@code h} removed */
        private boolean dominates(int h, int u) {
            if (h == 0 || h == u) return true;
            BitSet seen = new BitSet(size);
            Deque<Integer> work = new ArrayDeque<>(List.of(0));
            seen.set(0);
            seen.set(h);
            while (!work.isEmpty()) {
                int n = work.pop();
                if (n == u) return false;
                for (int s : succ.get(n)) {
                    if (!seen.get(s)) {
                        seen.set(s);
                        work.push(s);
                    }
                }
            }
            return true;
        }
    }
}
