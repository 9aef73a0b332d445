package dev.weft.test.scope;

import dev.weft.test.scope.ScopeTreeRun.NodeFailure;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The invariants of a scope tree's run, read from its trace: no child ends (or starts) after its
 * scope closed, every node that started ended, and every failure surfaced exactly once (in the
 * root's outcome, with its suppressed and causes, in a supervisor's join, or through the failure
 * hook).
 */
final class ScopeTreeChecks {
    private ScopeTreeChecks() {}

    /**
     * @param tree the tree
     * @param run its run
     * @param rootFailure what awaiting the root threw, or {@code null}
     * @param hooked what reached the failure hook
     * @return the violations, empty if none
     */
    static List<String> violations(ScopeTree tree, ScopeTreeRun run, Throwable rootFailure, List<Throwable> hooked) {
        List<String> out = new ArrayList<>();
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < run.trace.size(); i++) at.putIfAbsent(run.trace.get(i), i);
        for (ScopeTree n : tree.nodes()) {
            boolean started = at.containsKey("start " + n.id());
            if (started && !at.containsKey("end " + n.id())) out.add("node " + n.id() + " started and never ended");
            if (n.leaf() || !started) continue;
            Integer closed = at.get("closed " + n.id());
            if (closed == null) {
                out.add("node " + n.id() + " never closed its scope");
                continue;
            }
            for (ScopeTree c : n.children()) {
                Integer start = at.get("start " + c.id());
                Integer end = at.get("end " + c.id());
                if (start != null && start > closed) out.add("child " + c.id() + " started after scope " + n.id() + " closed");
                if (end != null && end > closed) out.add("child " + c.id() + " ended after scope " + n.id() + " closed");
            }
        }
        Map<Integer, Integer> surfaced = new HashMap<>();
        Set<Throwable> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        if (rootFailure != null) count(rootFailure, surfaced, seen);
        for (Throwable t : run.consumed) count(t, surfaced, seen);
        for (Throwable t : hooked) count(t, surfaced, seen);
        for (ScopeTree n : tree.nodes()) {
            boolean failed = at.containsKey("fail " + n.id());
            int times = surfaced.getOrDefault(n.id(), 0);
            if (failed && times != 1) out.add("the failure of node " + n.id() + " surfaced " + times + " times");
            if (!failed && times != 0) out.add("node " + n.id() + " did not fail but a failure of it surfaced");
        }
        return out;
    }

    private static void count(Throwable t, Map<Integer, Integer> surfaced, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) return; // the same throwable reached by two paths is one surfacing
        if (t instanceof NodeFailure f) surfaced.merge(f.id, 1, Integer::sum);
        for (Throwable s : t.getSuppressed()) count(s, surfaced, seen);
        count(t.getCause(), surfaced, seen);
    }
}
