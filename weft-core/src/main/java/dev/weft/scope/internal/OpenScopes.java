package dev.weft.scope.internal;

import dev.weft.internal.Carrier;
import dev.weft.task.internal.RawTask;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which scope each owner has open innermost, so that a scope opened inside another one's block,
 * in the same body, nests under it (its parent, the earlier of the two deadlines) even across
 * suspensions, where nothing of the block is on any stack. The owner is the task being polled (on
 * a worker), the task polling a stackful body (else the body's coroutine), or the thread (blocking
 * code). A scope registers when it opens and puts back the one it hid when it closes.
 *
 * {@snippet :
 * Object owner = OpenScopes.owner();
 * Object outer = OpenScopes.push(owner, scope);   // scope is now innermost
 * ...
 * OpenScopes.pop(owner, scope, outer);
 * }
 *
 * <p>Thread-safe (a concurrent map); an owner opens and closes its scopes one at a time.
 */
public final class OpenScopes {
    private static final ConcurrentHashMap<Object, Object> INNERMOST = new ConcurrentHashMap<>();

    private OpenScopes() {}

    /** @return the identity of the code running now, as an owner of scopes */
    public static Object owner() {
        Thread t = Thread.currentThread();
        if (t.isVirtual() && t.getUncaughtExceptionHandler() instanceof Carrier.Body b) {
            Object polling = b.pollingContext();
            return polling instanceof RawTask<?> ? polling : b;
        }
        RawTask<?> task = RawTask.polledHere();
        return task != null ? task : t;
    }

    /**
     * @param owner an owner
     * @return the scope it has open innermost, or {@code null}
     */
    public static Object innermost(Object owner) {
        return INNERMOST.get(owner);
    }

    /**
     * @param owner the owner opening {@code scope}
     * @param scope the scope
     * @return the scope it hides, to give back to {@link #pop}
     */
    public static Object push(Object owner, Object scope) {
        return INNERMOST.put(owner, scope);
    }

    /**
     * @param owner the owner closing {@code scope}
     * @param scope the scope
     * @param hidden what {@link #push} returned
     */
    public static void pop(Object owner, Object scope, Object hidden) {
        if (hidden == null) INNERMOST.remove(owner, scope);
        else INNERMOST.replace(owner, scope, hidden);
    }
}
