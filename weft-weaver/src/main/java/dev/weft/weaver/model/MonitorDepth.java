package dev.weft.weaver.model;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * How many monitors a method holds at each instruction (forward data-flow over a {@link Cfg}):
 * an await reached with a depth above zero would suspend inside {@code synchronized}, which the
 * weaver refuses.
 */
public final class MonitorDepth {
    private MonitorDepth() {}

    /**
     * @param cfg the graph
     * @param change +1 for a monitor enter, -1 for an exit, 0 otherwise, per instruction
     * @return the depth on entry of each instruction ({@code -1} where unreachable)
     */
    public static int[] atEntry(Cfg cfg, int[] change) {
        int n = cfg.size();
        int[] depth = new int[n];
        Arrays.fill(depth, -1);
        if (n == 0) return depth;
        depth[0] = 0;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        work.add(0);
        while (!work.isEmpty()) {
            int i = work.poll();
            int after = Math.max(0, depth[i] + change[i]);
            for (int s : cfg.normal()[i]) visit(depth, s, after, work);
            for (int h : cfg.exceptional()[i]) visit(depth, h, depth[i], work);
        }
        return depth;
    }

    private static void visit(int[] depth, int at, int d, ArrayDeque<Integer> work) {
        if (d > depth[at]) {
            depth[at] = d;
            work.add(at);
        }
    }
}
