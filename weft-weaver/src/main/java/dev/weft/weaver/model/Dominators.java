package dev.weft.weaver.model;

import java.util.Arrays;

/**
 * Which instructions of a {@link Cfg} dominate which, from instruction 0: Cooper, Harvey and
 * Kennedy's iterative algorithm over the reverse postorder, then one depth-first walk of the
 * dominator tree numbering each instruction on entry and exit, so that {@link #dominates} is two
 * comparisons.
 */
final class Dominators {
    /** Each instruction's place in the reverse postorder from instruction 0; -1 where unreachable. */
    private final int[] rpoNumber;
    private final int[] idom;
    /** Each instruction's interval in a depth-first walk of the dominator tree: {@code h} dominates {@code u} iff it encloses {@code u}'s. */
    private final int[] domEnter;
    private final int[] domExit;

    /**
     * @param succ each instruction's successors ({@link Cfg#successors()})
     * @param pred each instruction's predecessors ({@link Cfg#predecessors()})
     */
    Dominators(int[][] succ, int[][] pred) {
        int n = succ.length;
        rpoNumber = new int[n];
        idom = new int[n];
        domEnter = new int[n];
        domExit = new int[n];
        immediateDominators(succ, pred);
        dominatorIntervals(n);
    }

    /** @return whether control reaches {@code u} from instruction 0 */
    boolean reachable(int u) {
        return rpoNumber[u] >= 0;
    }

    /** @return whether every path from instruction 0 to {@code u} passes {@code h} (false where either is unreachable) */
    boolean dominates(int h, int u) {
        if (rpoNumber[h] < 0 || rpoNumber[u] < 0 || domEnter[u] < 0) return false;
        return domEnter[h] <= domEnter[u] && domExit[u] <= domExit[h];
    }

    private void immediateDominators(int[][] succ, int[][] pred) {
        int n = succ.length;
        Arrays.fill(rpoNumber, -1);
        int[] order = new int[n];
        int count = 0;
        int[] next = new int[n];
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] post = new int[n];
        stack[sp++] = 0;
        seen[0] = true;
        while (sp > 0) {
            int x = stack[sp - 1];
            if (next[x] < succ[x].length) {
                int y = succ[x][next[x]++];
                if (!seen[y]) {
                    seen[y] = true;
                    stack[sp++] = y;
                }
            } else {
                sp--;
                post[count++] = x;
            }
        }
        for (int k = 0; k < count; k++) {
            order[k] = post[count - 1 - k];
            rpoNumber[order[k]] = k;
        }
        Arrays.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 1; k < count; k++) {
                int b = order[k];
                int nd = -1;
                for (int q : pred[b]) {
                    if (rpoNumber[q] < 0 || idom[q] < 0) continue;
                    nd = nd < 0 ? q : intersect(q, nd);
                }
                if (nd >= 0 && idom[b] != nd) {
                    idom[b] = nd;
                    changed = true;
                }
            }
        }
    }

    private int intersect(int a, int b) {
        while (a != b) {
            while (rpoNumber[a] > rpoNumber[b]) a = idom[a];
            while (rpoNumber[b] > rpoNumber[a]) b = idom[b];
        }
        return a;
    }

    /** Numbers the dominator tree's nodes on entry and exit of a depth-first walk from instruction 0. */
    private void dominatorIntervals(int n) {
        int[] childCount = new int[n];
        for (int x = 1; x < n; x++) {
            if (rpoNumber[x] >= 0 && idom[x] >= 0 && idom[x] != x) childCount[idom[x]]++;
        }
        int[][] children = new int[n][];
        for (int x = 0; x < n; x++) children[x] = new int[childCount[x]];
        int[] filled = new int[n];
        for (int x = 1; x < n; x++) {
            if (rpoNumber[x] >= 0 && idom[x] >= 0 && idom[x] != x) children[idom[x]][filled[idom[x]]++] = x;
        }
        Arrays.fill(domEnter, -1);
        int[] stack = new int[n];
        int[] next = new int[n];
        int sp = 0;
        int clock = 0;
        stack[sp++] = 0;
        domEnter[0] = clock++;
        while (sp > 0) {
            int x = stack[sp - 1];
            if (next[x] < children[x].length) {
                int c = children[x][next[x]++];
                domEnter[c] = clock++;
                stack[sp++] = c;
            } else {
                domExit[x] = clock++;
                sp--;
            }
        }
    }
}
