package dev.weft.weaver.asm;

import dev.weft.weaver.model.Cfg;
import dev.weft.weaver.model.NaturalLoops;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Keeps the loops of a woven body reducible: a resume jumps to a copy of the rest of the loop nest
 * around its await instead of into the middle of the loop.
 *
 * <p>The prologue's {@code restore_k: ...; goto resume_k} makes every loop around await {@code k}
 * a loop with two entries, its header and {@code resume_k}. HotSpot's C2 compiles such an
 * irreducible loop without the predicates it hoists invariant checks and range checks to, so the
 * loop keeps those checks and is not vectorised (measured: a woven array sum 0.33 ns per element,
 * the same loop hand-written 0.06 ns; the woven loop with its resume jump cut out 0.06 ns).
 *
 * <p>Here {@code restore_k} jumps instead to a copy, for the loops {@code L1 ⊃ ... ⊃ Ld} around
 * the await (headers {@code H1 ... Hd}), level by level from the innermost: level {@code d} is the
 * code reachable from {@code resume_k} inside {@code Ld} without passing {@code Hd} (the rest of
 * the iteration); level {@code j < d} the code reachable inside {@code Lj} without passing
 * {@code Hj} from where a deeper level leaves its loop (including {@code H(j+1)}, so a copy of the
 * inner loop is entered at its own header only). Every other edge of a copy goes to the original
 * code: to {@code H1} or out of {@code L1}. The copies run the same instructions as the originals
 * would, with the same exception ranges and handlers (copied with them where the handler lies in
 * the copied code), the line numbers in effect and the local variable names (for the debugger), so
 * only C2's view of the loops changes.
 * Copies are bounded: a body whose copies would exceed {@link #BUDGET} instructions, or the
 * 65,535 entries of its exception table or line number table ({@link TableBudget}), keeps the
 * jump into the loop for the remaining awaits; local variable names beyond 65,535 entries are
 * left out of the copies (the original code keeps all of its own); and a body whose copies would
 * take it past the JVM's 64 KiB limit on a method is woven again without them ({@code ClassWeaver}). The copies
 * are on unless {@code -Dweft.weaver.loopResumes=false} at weave time (for comparing the shapes).
 */
final class LoopResumes {
    /** Instructions copied per body at most. */
    static final int BUDGET = 4_000;

    private final MethodNode body;
    /** The current code, its graph ({@link Cfg#successors()}) and line numbers; remade with the loops. */
    private AbstractInsnNode[] insns;
    private int[][] succ;
    private int[] lineAt;
    /** The natural loops of the current code, by header; {@code null} once the code changed. */
    private Map<Integer, BitSet> loopsByHeader;

    private LoopResumes(MethodNode body) {
        this.body = body;
    }

    /**
     * @param body the woven body
     * @param restores each await's {@code goto resume_k} in the prologue, retargeted here
     */
    static void apply(MethodNode body, List<JumpInsnNode> restores) {
        new LoopResumes(body).run(restores);
    }

    private void run(List<JumpInsnNode> restores) {
        for (AbstractInsnNode insn : body.instructions) {
            int op = insn.getOpcode();
            if (op == Opcodes.JSR || op == Opcodes.RET) return;
        }
        int copied = 0;
        TableBudget tables = TableBudget.of(body);
        for (JumpInsnNode restore : restores) {
            Plan plan = plan(restore, restores);
            if (plan == null) continue;
            if (!plan.labelsNeeded.isEmpty()) {
                for (AbstractInsnNode at : plan.labelsNeeded) body.instructions.insertBefore(at, new LabelNode());
                loopsByHeader = null;
                plan = plan(restore, restores);
                if (plan == null || !plan.labelsNeeded.isEmpty()) continue;
            }
            int size = 0;
            for (BitSet r : plan.regions) size += r.cardinality();
            if (copied + size > BUDGET) continue;
            Copy copy = copy(restore, plan, tables.namesLeft());
            if (!tables.fits(copy.handlers.size(), copy.lines)) continue;
            tables.take(copy.handlers.size(), copy.lines);
            copied += size;
            commit(restore, copy, tables);
            loopsByHeader = null;
        }
    }

    /** The copy levels of one await, innermost first; {@code null} when its resume is in no loop. */
    private record Plan(int[] headers, BitSet[] loops, BitSet[] regions, List<AbstractInsnNode> labelsNeeded) {}

    private Plan plan(JumpInsnNode restore, List<JumpInsnNode> restores) {
        if (loopsByHeader == null) read(restores);
        if (loopsByHeader.isEmpty()) return null;
        int p = body.instructions.indexOf(restore.label);
        List<Integer> around = new ArrayList<>();
        for (Map.Entry<Integer, BitSet> e : loopsByHeader.entrySet()) {
            if (e.getValue().get(p)) around.add(e.getKey());
        }
        if (around.isEmpty()) return null;
        // Innermost first: loops around one instruction of a reducible graph nest.
        around.sort((a, b) -> Integer.compare(loopsByHeader.get(a).cardinality(), loopsByHeader.get(b).cardinality()));
        int d = around.size();
        int[] headers = new int[d];
        BitSet[] loops = new BitSet[d];
        BitSet[] regions = new BitSet[d];
        BitSet[] seeds = new BitSet[d];
        for (int j = 0; j < d; j++) {
            headers[j] = around.get(j);
            loops[j] = loopsByHeader.get(headers[j]);
            seeds[j] = new BitSet();
        }
        for (int j = 0; j + 1 < d; j++) {
            if (!loops[j + 1].get(headers[j]) || headers[j + 1] == headers[j]) return null; // not nested: leave it
        }
        seeds[0].set(p);
        List<AbstractInsnNode> labelsNeeded = new ArrayList<>();
        for (int j = 0; j < d; j++) {
            BitSet region = new BitSet();
            ArrayDeque<Integer> work = new ArrayDeque<>();
            for (int s = seeds[j].nextSetBit(0); s >= 0; s = seeds[j].nextSetBit(s + 1)) {
                region.set(s);
                work.add(s);
            }
            while (!work.isEmpty()) {
                int x = work.poll();
                for (int y : succ[x]) {
                    if (region.get(y)) continue;
                    if (loops[j].get(y) && y != headers[j]) {
                        region.set(y);
                        work.add(y);
                    } else {
                        int level = levelOf(y, j + 1, headers, loops);
                        if (level >= 0) seeds[level].set(y);
                    }
                }
            }
            regions[j] = region;
            for (int x = region.nextSetBit(0); x >= 0; x = region.nextSetBit(x + 1)) {
                if (InstructionCfg.fallsThrough(insns[x]) && x + 1 < insns.length && !region.get(x + 1)
                        && !(insns[x + 1] instanceof LabelNode)) {
                    labelsNeeded.add(insns[x + 1]);
                }
            }
        }
        return new Plan(headers, loops, regions, labelsNeeded);
    }

    /** The innermost level from {@code from} outwards whose copy starts at or contains {@code y}, or -1 (the original). */
    private static int levelOf(int y, int from, int[] headers, BitSet[] loops) {
        for (int i = from; i < headers.length; i++) {
            if (loops[i].get(y) && y != headers[i]) return i;
        }
        return -1;
    }

    /**
     * The copies of one await, not yet in the body.
     *
     * @param code the copied code, to append to the body
     * @param handlers the exception ranges over it
     * @param names the local variable names over it
     * @param lines how many line numbers {@code code} holds
     * @param target where the await's restore jumps
     */
    private record Copy(InsnList code, List<TryCatchBlockNode> handlers, List<LocalVariableNode> names, int lines,
                        LabelNode target) {}

    /**
     * Appends a copy to the body and retargets the restore jump. Local variable names beyond the
     * table's budget are dropped (they only name the copies' locals for a debugger); the original
     * code keeps all of its own.
     */
    private void commit(JumpInsnNode restore, Copy copy, TableBudget tables) {
        body.tryCatchBlocks.addAll(copy.handlers);
        int names = tables.takeNames(copy.names.size());
        if (names > 0) body.localVariables.addAll(copy.names.subList(0, names));
        restore.label = copy.target;
        body.instructions.add(copy.code);
    }

    /** @param namesLeft how many local variable names the table still holds: no more are made */
    private Copy copy(JumpInsnNode restore, Plan plan, int namesLeft) {
        int d = plan.headers.length;
        List<Map<LabelNode, LabelNode>> maps = new ArrayList<>();
        for (int j = 0; j < d; j++) maps.add(new IdentityHashMap<>());
        // A clone label for every label of every region first, then each level's map of all labels.
        for (int j = 0; j < d; j++) {
            BitSet r = plan.regions[j];
            for (int x = r.nextSetBit(0); x >= 0; x = r.nextSetBit(x + 1)) {
                if (insns[x] instanceof LabelNode l) maps.get(j).put(l, new LabelNode());
            }
        }
        for (int j = 0; j < d; j++) {
            for (AbstractInsnNode insn : insns) {
                if (!(insn instanceof LabelNode l) || maps.get(j).containsKey(l)) continue;
                maps.get(j).put(l, target(l, j, plan.regions, maps));
            }
        }
        InsnList out = new InsnList();
        List<TryCatchBlockNode> handlers = new ArrayList<>();
        List<TryCatchBlockNode> originals = new ArrayList<>(body.tryCatchBlocks);
        List<LocalVariableNode> names = new ArrayList<>();
        List<LocalVariableNode> localNames = body.localVariables == null ? List.of() : new ArrayList<>(body.localVariables);
        int lines = 0;
        for (int j = 0; j < d; j++) {
            Map<LabelNode, LabelNode> map = maps.get(j);
            BitSet r = plan.regions[j];
            List<AbstractInsnNode> emitted = new ArrayList<>();
            List<Integer> origin = new ArrayList<>();
            int previous = -2;
            for (int x = r.nextSetBit(0); x >= 0; x = r.nextSetBit(x + 1)) {
                AbstractInsnNode insn = insns[x];
                if (x != previous + 1 && lineAt[x] >= 0 && !(insn instanceof LineNumberNode)) {
                    LabelNode at = new LabelNode();
                    emitted.add(at);
                    origin.add(-1);
                    emitted.add(new LineNumberNode(lineAt[x], at));
                    origin.add(-1);
                }
                if (insn instanceof LineNumberNode ln) {
                    if (r.get(body.instructions.indexOf(ln.start))) {
                        emitted.add(new LineNumberNode(ln.line, map.get(ln.start)));
                        origin.add(-1);
                    }
                } else {
                    emitted.add(insn.clone(map));
                    origin.add(x);
                }
                if (InstructionCfg.fallsThrough(insn) && !r.get(x + 1)) {
                    emitted.add(new JumpInsnNode(Opcodes.GOTO, map.get((LabelNode) insns[x + 1])));
                    origin.add(-1);
                }
                previous = x;
            }
            // Exception ranges over the copies, each level's in the table's order: ranges of
            // different levels never overlap, so every copied instruction sees its handlers in the
            // order the original does. Local variable names likewise, for the debugger.
            int m = emitted.size();
            List<List<LabelNode>> before = new ArrayList<>();
            for (int k = 0; k <= m; k++) before.add(new ArrayList<>());
            for (TryCatchBlockNode tcb : originals) {
                for (LabelNode[] span : spans(emitted, origin, tcb.start, tcb.end, before)) {
                    handlers.add(new TryCatchBlockNode(span[0], span[1], map.get(tcb.handler), tcb.type));
                }
            }
            for (LocalVariableNode v : localNames) {
                if (names.size() >= namesLeft) break;
                for (LabelNode[] span : spans(emitted, origin, v.start, v.end, before)) {
                    names.add(new LocalVariableNode(v.name, v.desc, v.signature, span[0], span[1], v.index));
                }
            }
            for (int k = 0; k <= m; k++) {
                for (LabelNode l : before.get(k)) out.add(l);
                if (k < m) {
                    out.add(emitted.get(k));
                    if (emitted.get(k) instanceof LineNumberNode) lines++;
                }
            }
        }
        return new Copy(out, handlers, names, lines, maps.get(0).get(restore.label));
    }

    /**
     * The runs of copied instructions whose originals lie in {@code [start, end)} and include a
     * real instruction, each as a new pair of labels registered in {@code before} (labels to place
     * before each emitted position). What the copy adds (line numbers, their labels, a jump out of
     * the region) belongs to no original and does not break a run: a run per source line would
     * multiply the entries of the exception and local variable tables.
     */
    private List<LabelNode[]> spans(List<AbstractInsnNode> emitted, List<Integer> origin, LabelNode start, LabelNode end,
                                    List<List<LabelNode>> before) {
        int s = body.instructions.indexOf(start);
        int e = body.instructions.indexOf(end);
        int m = emitted.size();
        List<LabelNode[]> out = new ArrayList<>();
        int k = 0;
        while (k < m) {
            if (!covered(origin.get(k), s, e)) {
                k++;
                continue;
            }
            int first = k;
            int last = k;
            boolean real = false;
            for (; k < m && (origin.get(k) < 0 || covered(origin.get(k), s, e)); k++) {
                if (origin.get(k) < 0) continue;
                last = k;
                real |= emitted.get(k).getOpcode() >= 0;
            }
            k = last + 1;
            if (!real) continue;
            LabelNode open = new LabelNode();
            LabelNode close = new LabelNode();
            before.get(first).add(open);
            before.get(k).add(close);
            out.add(new LabelNode[] {open, close});
        }
        return out;
    }

    private static boolean covered(int origin, int start, int end) {
        return origin >= start && origin < end;
    }

    private LabelNode target(LabelNode l, int from, BitSet[] regions, List<Map<LabelNode, LabelNode>> maps) {
        int y = body.instructions.indexOf(l);
        for (int i = from; i < regions.length; i++) {
            if (regions[i].get(y)) {
                LabelNode c = maps.get(i).get(l);
                if (c != null) return c;
            }
        }
        return l;
    }

    /** Reads the current code: its graph, with the restore jumps cut out, its loops and its line numbers. */
    private void read(List<JumpInsnNode> restores) {
        insns = body.instructions.toArray();
        Cfg cfg = InstructionCfg.of(body, restores);
        succ = cfg.successors();
        loopsByHeader = NaturalLoops.byHeader(cfg);
        lineAt = new int[insns.length];
        int line = -1;
        for (int i = 0; i < insns.length; i++) {
            if (insns[i] instanceof LineNumberNode ln) line = ln.line;
            lineAt[i] = line;
        }
    }
}
