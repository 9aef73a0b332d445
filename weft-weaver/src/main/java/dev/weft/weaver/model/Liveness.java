package dev.weft.weaver.model;

import java.util.ArrayDeque;
import java.util.BitSet;

/**
 * Which local slots are live (read later before being written) at the entry of each instruction:
 * the classic backward data-flow over a {@link Cfg}. What a woven body spills at an await is the
 * live-in set of that await, so dead locals are not kept alive by the state object.
 *
 * <p>An instruction covered by a handler may throw before its own store takes effect, so locals
 * live at the handler are live before the instruction whatever it defines.
 */
public final class Liveness {
    private Liveness() {}

    /**
     * @param cfg the graph
     * @param uses slots each instruction reads
     * @param defs slots each instruction writes
     * @return live-in slots per instruction
     */
    public static BitSet[] liveIn(Cfg cfg, BitSet[] uses, BitSet[] defs) {
        int n = cfg.size();
        BitSet[] in = new BitSet[n];
        for (int i = 0; i < n; i++) in[i] = new BitSet();
        int[][] preds = cfg.predecessors();
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        for (int i = n - 1; i >= 0; i--) {
            work.add(i);
            queued[i] = true;
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            queued[i] = false;
            BitSet out = new BitSet();
            for (int s : cfg.normal()[i]) out.or(in[s]);
            out.andNot(defs[i]);
            out.or(uses[i]);
            for (int h : cfg.exceptional()[i]) out.or(in[h]);
            if (!out.equals(in[i])) {
                in[i] = out;
                for (int p : preds[i]) {
                    if (!queued[p]) {
                        queued[p] = true;
                        work.add(p);
                    }
                }
            }
        }
        return in;
    }
}
