package dev.weft.exec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tree of a task dump ({@link TaskDump#tree}): each entry goes under the innermost scope of
 * its path, and each scope under the next one of the path (its parent). Scopes are told apart by
 * their {@link ScopeDump#id() id}, and each is shown as the first entry under it saw it (in a
 * dump of {@link WeftRuntime#dumpTasks()}, every entry saw the same snapshot). Order: the tasks of a
 * level in the dump's order, then its scopes in the order the dump first reached them.
 *
 * {@snippet :
 * String text = DumpTree.render(rt.dumpTasks());
 * }
 */
final class DumpTree {
    private DumpTree() {}

    /**
     * @param dump a dump's entries
     * @return the tree as text, each line ending with a line feed
     */
    static String render(List<TaskDump> dump) {
        Node root = new Node(null);
        for (TaskDump t : dump) {
            Node n = root;
            for (ScopeDump s : t.scopes().reversed()) n = n.children.computeIfAbsent(s.id(), id -> new Node(s));
            n.tasks.add(t);
        }
        StringBuilder sb = new StringBuilder();
        root.appendTo(sb, "");
        return sb.toString();
    }

    /** A scope (or the root, under no scope) with its tasks and nested scopes. */
    private static final class Node {
        final ScopeDump scope;
        final List<TaskDump> tasks = new ArrayList<>();
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(ScopeDump scope) {
            this.scope = scope;
        }

        /** Appends this scope's line at {@code indent}, and what is under it two spaces deeper. */
        void appendTo(StringBuilder sb, String indent) {
            String inner = indent;
            if (scope != null) {
                sb.append(indent).append("scope ").append(scope).append('\n');
                inner = indent + "  ";
            }
            for (TaskDump t : tasks) sb.append(inner).append(t.render(false).replace("\n", "\n" + inner)).append('\n');
            for (Node c : children.values()) c.appendTo(sb, inner);
        }
    }
}
