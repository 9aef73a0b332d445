package dev.weft.task.internal;

import dev.weft.task.Task;

/**
 * Lets executors make a {@link Task} handle for a raw task although {@code Task}'s constructor is
 * not public (the JDK's "shared secrets" pattern). {@code Task} installs the factory in its static
 * initializer; {@link #handle(RawTask)} makes sure that initializer has run.
 */
public final class Handles {
    /** Makes handles; the only implementation is {@code Task}'s constructor. */
    public interface Factory {
        /**
         * @param raw the task
         * @param <T> the output type
         * @return a new handle of {@code raw}
         */
        <T> Task<T> make(RawTask<T> raw);
    }

    private static volatile Factory factory;

    private Handles() {}

    /**
     * Installs the factory; called once, by {@code Task}'s static initializer.
     *
     * @param f the factory
     */
    public static void install(Factory f) {
        factory = f;
    }

    /**
     * The handle of a freshly made task.
     *
     * @param raw the task
     * @param <T> the output type
     * @return its handle
     */
    public static <T> Task<T> handle(RawTask<T> raw) {
        Factory f = factory;
        if (f == null) {
            try {
                Class.forName(Task.class.getName(), true, Handles.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            f = factory;
        }
        return f.make(raw);
    }
}
