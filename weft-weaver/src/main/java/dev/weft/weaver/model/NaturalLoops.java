package dev.weft.weaver.model;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The natural loops of a {@link Cfg} entered at instruction 0: for each back edge {@code u -> h}
 * ({@code h} dominates {@code u}), the instructions that reach {@code u} without passing
 * {@code h}, and {@code h} itself. Loops that share a header are one loop. In a reducible graph
 * the loops around one instruction nest.
 */
public final class NaturalLoops {
    private NaturalLoops() {}

    /**
     * @param cfg the graph
     * @return each loop's instructions, by the index of its header; unreachable instructions are
     *     in no loop
     */
    public static Map<Integer, BitSet> byHeader(Cfg cfg) {
        int[][] succ = cfg.successors();
        int[][] pred = cfg.predecessors();
        Dominators dominators = new Dominators(succ, pred);
        Map<Integer, BitSet> loops = new HashMap<>();
        for (int u = 0; u < succ.length; u++) {
            if (!dominators.reachable(u)) continue;
            for (int h : succ[u]) {
                if (dominators.dominates(h, u)) {
                    loops.computeIfAbsent(h, k -> new BitSet()).or(loop(h, u, pred, dominators));
                }
            }
        }
        return loops;
    }

    /** @return the natural loop of the back edge {@code u -> h} */
    private static BitSet loop(int h, int u, int[][] pred, Dominators dominators) {
        BitSet b = new BitSet();
        b.set(h);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        if (!b.get(u)) {
            b.set(u);
            work.add(u);
        }
        while (!work.isEmpty()) {
            int x = work.poll();
            for (int q : pred[x]) {
                if (dominators.reachable(q) && !b.get(q)) {
                    b.set(q);
                    work.add(q);
                }
            }
        }
        return b;
    }
}
