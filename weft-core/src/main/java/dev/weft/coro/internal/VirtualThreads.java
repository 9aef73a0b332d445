package dev.weft.coro.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.Executor;

/**
 * Access to the JDK's package-private way of making a virtual thread whose scheduler is an
 * {@link Executor} of ours: {@code java.lang.ThreadBuilders.newVirtualThread(Executor, String, int,
 * Runnable)} (the constructor behind {@code VirtualThreadBuilder(Executor)}, "invoked by tests").
 *
 * <p>Needs {@code --add-opens java.base/java.lang=ALL-UNNAMED} (class path) or
 * {@code =dev.weft} (module path), or the {@code Add-Opens: java.base/java.lang} manifest line of
 * an executable jar. Without it {@link #available()} is {@code false} and {@link #unavailableReason()}
 * says why; nothing else in this class may then be called.
 *
 * <p>Also gives the JDK's default virtual-thread scheduler: virtual threads started from inside a
 * coroutine body inherit the coroutine's scheduler (JDK 25 behaviour), and
 * {@link VirtualCoroutine#execute} hands those foreign threads on to the default scheduler.
 *
 * <p>Written once in the static initializer; immutable afterwards.
 */
public final class VirtualThreads {
    private static final MethodHandle NEW_VIRTUAL_THREAD;
    private static final Executor DEFAULT_SCHEDULER;
    private static final String UNAVAILABLE_REASON;

    static {
        MethodHandle factory = null;
        Executor defaultScheduler = null;
        String reason = null;
        try {
            Class<?> builders = Class.forName("java.lang.ThreadBuilders");
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(builders, MethodHandles.lookup());
            factory = lookup.findStatic(builders, "newVirtualThread",
                    MethodType.methodType(Thread.class, Executor.class, String.class, int.class, Runnable.class));
            Class<?> vthread = Class.forName("java.lang.VirtualThread");
            MethodHandle getDefault = MethodHandles.privateLookupIn(vthread, MethodHandles.lookup())
                    .findStatic(vthread, "defaultScheduler", MethodType.methodType(Executor.class));
            defaultScheduler = (Executor) getDefault.invoke();
        } catch (Throwable t) {
            factory = null;
            defaultScheduler = null;
            reason = t.toString();
        }
        NEW_VIRTUAL_THREAD = factory;
        DEFAULT_SCHEDULER = defaultScheduler;
        UNAVAILABLE_REASON = reason;
    }

    private VirtualThreads() {}

    /** @return whether virtual threads on our own scheduler can be made in this JVM */
    public static boolean available() {
        return NEW_VIRTUAL_THREAD != null;
    }

    /** @return why they cannot, or {@code null} when {@link #available()} */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /**
     * An unstarted virtual thread scheduled by {@code scheduler}.
     *
     * @param scheduler receives the thread's continuation each time it becomes runnable
     * @param task what the thread runs
     * @return the new, unstarted thread
     */
    static Thread newThread(Executor scheduler, Runnable task) {
        try {
            return (Thread) NEW_VIRTUAL_THREAD.invokeExact(scheduler, (String) null, 0, task);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot create a virtual thread", t);
        }
    }

    /** @return the JDK's default virtual-thread scheduler (a ForkJoinPool) */
    static Executor defaultScheduler() {
        return DEFAULT_SCHEDULER;
    }
}
