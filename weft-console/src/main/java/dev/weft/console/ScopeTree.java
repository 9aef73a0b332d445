package dev.weft.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tasks of a sample under their task scopes, and the scopes under their parents, as rows to
 * draw top to bottom: the terminal frame and the HTML page both show the task table this way.
 * Built from each task's {@code scopes} text (the MBean's {@code TaskRow}: one line per scope,
 * innermost first, each its id, a space, then {@code name (policy, state, n alive, t ms left)}):
 * lines with one id are one scope, the line after a scope's is its parent's. The tasks under no
 * scope come first, then each scope's line, its tasks one level deeper, then its nested scopes.
 * Tasks keep the order they are given in; scopes come in the order their first task does.
 *
 * {@snippet :
 * for (ScopeTree.Row r : ScopeTree.rows(tasksByBusyTime)) {
 *     System.out.println("  ".repeat(r.depth()) + (r.task() != null ? r.task().id() : "scope " + r.scope()));
 * }
 * }
 */
final class ScopeTree {
    private final String scope;
    private final List<Sample.Task> tasks = new ArrayList<>();
    private final Map<String, ScopeTree> children = new LinkedHashMap<>();

    private ScopeTree(String scope) {
        this.scope = scope;
    }

    /**
     * One row: a scope's line, or a task.
     *
     * @param depth how deep it is: 0 for tasks under no scope and outermost scopes
     * @param scope the scope's {@code name (policy, state, n alive, t ms left)}, or {@code null} for a task
     * @param task the task, or {@code null} for a scope
     */
    record Row(int depth, String scope, Sample.Task task) {}

    /**
     * @param tasks the tasks to show, in the order to show them within each scope
     * @return the rows, top to bottom
     */
    static List<Row> rows(List<Sample.Task> tasks) {
        ScopeTree root = new ScopeTree(null);
        for (Sample.Task t : tasks) {
            ScopeTree n = root;
            for (String line : t.scopes().isEmpty() ? List.<String>of() : t.scopes().lines().toList().reversed()) {
                int space = line.indexOf(' ');
                String id = space < 0 ? line : line.substring(0, space);
                String describe = space < 0 ? line : line.substring(space + 1);
                n = n.children.computeIfAbsent(id, k -> new ScopeTree(describe));
            }
            n.tasks.add(t);
        }
        List<Row> out = new ArrayList<>();
        root.addTo(out, 0);
        return out;
    }

    private void addTo(List<Row> out, int depth) {
        int inner = depth;
        if (scope != null) {
            out.add(new Row(depth, scope, null));
            inner = depth + 1;
        }
        for (Sample.Task t : tasks) out.add(new Row(inner, null, t));
        for (ScopeTree c : children.values()) c.addTo(out, inner);
    }
}
