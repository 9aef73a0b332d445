package dev.weft.internal;

/**
 * The context the running code sees: an immutable value (the task-local bindings of
 * {@code dev.weft.task.TaskLocal}, the task scope a task belongs to) that the runtime installs
 * around each poll of a future carrying it and that any depth of a woven body, a stackful body or
 * blocking code reads back. This class only keeps the slot; what is in it is the task layer's.
 *
 * <p>Where the slot is: a field of an executor thread ({@link CoopThread}); inside a stackful
 * coroutine body, its coroutine ({@link Carrier.Body#ambient()}: what the body bound itself, else
 * what its poller had at its last step); on any other thread, a {@link ThreadLocal}.
 *
 * {@snippet :
 * Object prev = Ambient.swap(bindings);
 * try {
 *     return inner.poll(cx);       // code in there reads Ambient.current() == bindings
 * } finally {
 *     Ambient.swap(prev);
 * }
 * }
 *
 * <p>Owner thread only: each thread reads and writes its own slot.
 */
public final class Ambient {
    private static final ThreadLocal<Object> SLOT = new ThreadLocal<>();

    private Ambient() {}

    /** @return the context of the running code, or {@code null} if it has none */
    public static Object current() {
        Thread t = Thread.currentThread();
        if (t instanceof CoopThread c) return c.ambient;
        if (t.isVirtual() && t.getUncaughtExceptionHandler() instanceof Carrier.Body b) return b.ambient();
        return SLOT.get();
    }

    /**
     * Installs {@code ambient} for the running code.
     *
     * @param ambient the context, or {@code null} for none
     * @return the context it replaces, to be swapped back
     */
    public static Object swap(Object ambient) {
        Thread t = Thread.currentThread();
        if (t instanceof CoopThread c) {
            Object prev = c.ambient;
            c.ambient = ambient;
            return prev;
        }
        if (t.isVirtual() && t.getUncaughtExceptionHandler() instanceof Carrier.Body b) {
            Object prev = b.ambient();
            b.ambient(ambient);
            return prev;
        }
        Object prev = SLOT.get();
        if (ambient == null) SLOT.remove();
        else SLOT.set(ambient);
        return prev;
    }
}
