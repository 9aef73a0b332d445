package dev.weft.test.scope;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A random tree of task scopes, drawn from a simulation's random source: inner nodes open a scope
 * (fail-fast or supervisor, sometimes with a timeout, sometimes cancelled by a timer of their own)
 * and spawn their children into it; leaves work for a while, then succeed or fail, and take a
 * while to unwind when cancelled (a cleanup await). Depth up to {@value #MAX_DEPTH}, fan-out up to
 * {@value #MAX_FANOUT}, at most {@value #MAX_NODES} nodes.
 *
 * @param id the node's number, 0 for the root
 * @param depth its depth, 0 for the root
 * @param supervisor an inner node: whether its scope is a supervisor (else fail-fast)
 * @param workMillis a leaf: how long it works
 * @param fails a leaf: whether it fails at the end of its work
 * @param cleanupMillis how long it takes to unwind when cancelled
 * @param timeoutMillis an inner node: its scope's timeout, or -1
 * @param cancelAfterMillis an inner node: when it cancels its own scope, or -1
 * @param children an inner node's children (empty for a leaf)
 */
record ScopeTree(int id, int depth, boolean supervisor, long workMillis, boolean fails, long cleanupMillis,
                 long timeoutMillis, long cancelAfterMillis, List<ScopeTree> children) {
    static final int MAX_DEPTH = 6;
    static final int MAX_FANOUT = 8;
    static final int MAX_NODES = 120;

    /** @return whether it is a leaf */
    boolean leaf() {
        return children.isEmpty();
    }

    /**
     * @param random the source of every choice
     * @return a tree with an inner root
     */
    static ScopeTree draw(RandomGenerator random) {
        int[] next = {0};
        return draw(random, 0, next, true);
    }

    private static ScopeTree draw(RandomGenerator random, int depth, int[] next, boolean inner) {
        int id = next[0]++;
        long cleanup = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(20);
        if (!inner) {
            return new ScopeTree(id, depth, false, random.nextInt(60), random.nextInt(5) == 0, cleanup, -1, -1, List.of());
        }
        int fanout = 1 + random.nextInt(MAX_FANOUT);
        List<ScopeTree> children = new ArrayList<>();
        for (int i = 0; i < fanout && next[0] < MAX_NODES; i++) {
            boolean childInner = depth + 1 < MAX_DEPTH && random.nextInt(3) == 0;
            children.add(draw(random, depth + 1, next, childInner));
        }
        long timeout = random.nextInt(6) == 0 ? 10 + random.nextInt(80) : -1;
        long cancelAfter = random.nextInt(6) == 0 ? random.nextInt(60) : -1;
        return new ScopeTree(id, depth, random.nextInt(3) == 0, 0, false, cleanup, timeout, cancelAfter,
                List.copyOf(children));
    }

    /** @return every node of the tree, this one first */
    List<ScopeTree> nodes() {
        List<ScopeTree> out = new ArrayList<>();
        out.add(this);
        for (ScopeTree c : children) out.addAll(c.nodes());
        return out;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        describe(b);
        return b.toString();
    }

    private void describe(StringBuilder b) {
        b.append("  ".repeat(depth)).append(id).append(leaf() ? " leaf work=" + workMillis + (fails ? " fails" : "")
                : (supervisor ? " supervisor" : " fail-fast") + (timeoutMillis >= 0 ? " timeout=" + timeoutMillis : "")
                + (cancelAfterMillis >= 0 ? " cancelAfter=" + cancelAfterMillis : "")).append(" cleanup=")
                .append(cleanupMillis).append('\n');
        for (ScopeTree c : children) c.describe(b);
    }
}
