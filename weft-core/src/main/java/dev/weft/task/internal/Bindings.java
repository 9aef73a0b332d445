package dev.weft.task.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The task-local bindings of a context, as the runtime's {@link dev.weft.internal.Ambient} slot
 * holds them: an immutable list, newest binding first, so binding one more key shares everything
 * bound before and a read walks a few entries. Keys are compared by identity; a key bound twice
 * reads its newest value.
 *
 * {@snippet :
 * Bindings b = Bindings.with(Bindings.with(null, REQUEST_ID, "r-17"), TENANT, "acme");
 * Object v = Bindings.get(b, REQUEST_ID); // "r-17"
 * }
 *
 * @param key the key of this entry
 * @param value its value (never {@code null})
 * @param next the bindings made before, or {@code null}
 */
public record Bindings(Object key, Object value, Bindings next) {
    /**
     * @param b bindings, or {@code null}
     * @param key a key
     * @param value its value
     * @return {@code b} with {@code key} bound to {@code value}
     */
    public static Bindings with(Bindings b, Object key, Object value) {
        return new Bindings(key, value, b);
    }

    /**
     * @param b bindings, or {@code null}
     * @param key a key
     * @return the newest value bound to {@code key}, or {@code null}
     */
    public static Object get(Bindings b, Object key) {
        for (Bindings e = b; e != null; e = e.next) {
            if (e.key == key) return e.value;
        }
        return null;
    }

    /**
     * @param b bindings, or {@code null}
     * @return {@code key=value} for each key's newest value, oldest first: for task dumps and JFR
     */
    public static String describe(Bindings b) {
        return render(b, true);
    }

    /**
     * What task dumps and JFR call a task's context: {@link #describe} of the bindings its future
     * runs with, the task scopes among them (values that are a {@link ScopeView}) left out, as the
     * dump and the events show the scope apart. Safe to call from a thread that does not own the
     * future: the bindings are immutable, and a value whose {@code toString} throws (racing its
     * owner) is shown as {@code key=(unreadable: ...)}.
     *
     * {@snippet :
     * String context = Bindings.contextOf(task.futureForDump()); // "requestId=r-17, tenant=acme"
     * }
     *
     * @param future a task's future, or {@code null}
     * @return {@code key=value} for each key's newest value but the scope's, oldest first; empty if none
     */
    public static String contextOf(Object future) {
        return future instanceof WithBindings<?> w ? render(w.bindings(), false) : "";
    }

    /**
     * @param b bindings, or {@code null}
     * @return {@code b} without the bindings of task scopes (the same list if it has none): what a
     *     task spawned outside a scope inherits from code running inside one, which is no child
     *     of that scope
     */
    public static Bindings withoutScopes(Bindings b) {
        boolean any = false;
        for (Bindings e = b; e != null && !any; e = e.next) any = e.value instanceof ScopeView;
        if (!any) return b;
        List<Bindings> kept = new ArrayList<>();
        for (Bindings e = b; e != null; e = e.next) if (!(e.value instanceof ScopeView)) kept.add(e);
        Bindings out = null;
        for (int i = kept.size() - 1; i >= 0; i--) out = with(out, kept.get(i).key, kept.get(i).value);
        return out;
    }

    private static String render(Bindings b, boolean scopes) {
        List<String> out = new ArrayList<>();
        List<Object> seen = new ArrayList<>();
        for (Bindings e = b; e != null; e = e.next) {
            Object key = e.key;
            if (seen.stream().anyMatch(k -> k == key)) continue;
            seen.add(key);
            if (!scopes && e.value instanceof ScopeView) continue;
            String v;
            try {
                v = String.valueOf(e.value);
            } catch (RuntimeException | StackOverflowError x) { // a value's toString racing its owner
                v = "(unreadable: " + x + ")";
            }
            out.addFirst(key + "=" + v);
        }
        return String.join(", ", out);
    }

    @Override
    public String toString() {
        return "Bindings[" + describe(this) + "]";
    }
}
