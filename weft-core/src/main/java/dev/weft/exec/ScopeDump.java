package dev.weft.exec;

import dev.weft.task.internal.ScopeView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One task scope ({@code dev.weft.scope.TaskScope}) as a {@link TaskDump} shows it: what it was
 * at the moment of the dump. Every entry of one {@link WeftRuntime#dumpTasks()} that lies under a
 * scope shares that scope's one snapshot, so a tree of the dump ({@link TaskDump#tree}) shows each
 * scope once, as it was when the dump first reached it.
 *
 * {@snippet :
 * for (TaskDump t : rt.dumpTasks()) {
 *     for (ScopeDump s : t.scopes()) System.out.println(s); // request (FailFast, open, 2 alive, 1998 ms left)
 * }
 * }
 *
 * @param id the scope's identity hash, in hex, made unique within its dump (a second scope with
 *     the same hash gets {@code -2}): two entries with the same id are the same scope
 * @param name its name (given at its open, or {@code scope-N})
 * @param policy its joiner, by class name: {@code FailFast}, {@code Supervisor}, {@code AllInOrder}, ...
 * @param state open, closing, cancelled, past its deadline, stopped by its joiner, or closed
 * @param timeLeft the time left before its deadline (its own or an enclosing scope's), or
 *     {@code null} if it has none
 * @param liveChildren how many of its children were alive
 */
public record ScopeDump(String id, String name, String policy, String state, Duration timeLeft, int liveChildren) {

    /** At most this many scopes of a path are followed (a cycle would end here). */
    static final int MAX_DEPTH = 64;

    /**
     * The scopes a task's future runs under, innermost first, each read once per dump.
     *
     * @param future a task's future (read racily), or {@code null}
     * @param seen the scopes this dump has read already, by identity
     * @param ids the ids this dump has given already
     * @return its scope path; empty if it is no scope's child, cut where a scope could not be read
     */
    static List<ScopeDump> pathOf(Object future, Map<ScopeView, ScopeDump> seen, Set<String> ids) {
        List<ScopeDump> out = new ArrayList<>();
        try {
            for (ScopeView v = ScopeView.of(future); v != null && out.size() < MAX_DEPTH; v = v.parentView()) {
                ScopeDump d = seen.get(v);
                if (d == null) {
                    d = of(v, ids);
                    seen.put(v, d);
                }
                out.add(d);
            }
        } catch (RuntimeException e) { // a scope changing under the read: the path as far as it was read
            return out;
        }
        return out;
    }

    private static ScopeDump of(ScopeView v, Set<String> ids) {
        String base = Integer.toHexString(System.identityHashCode(v));
        String id = base;
        for (int n = 2; !ids.add(id); n++) id = base + "-" + n;
        return new ScopeDump(id, v.name(), v.policy(), v.state(), v.timeLeft().orElse(null), v.liveChildren());
    }

    /** @return {@code name (policy, state, n alive, t ms left)}, as the scope describes itself */
    @Override
    public String toString() {
        return name + " (" + policy + ", " + state + ", " + liveChildren + " alive"
                + (timeLeft == null ? "" : ", " + timeLeft.toMillis() + " ms left") + ")";
    }
}
