package dev.weft.task;

import dev.weft.future.Future;
import dev.weft.internal.Ambient;
import dev.weft.task.internal.Bindings;
import dev.weft.task.internal.WithBindings;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * A value bound for a block of code and for every task it spawns: a request id, a tenant, a
 * deadline. Weft's {@code ScopedValue} (or Tokio's {@code task_local!}): bound with
 * {@link #where}, read with {@link #get()} from any depth of a woven body, a stackful body or
 * blocking code inside the binding, inherited by the tasks spawned there ({@code Task.spawn},
 * {@code WeftRuntime.spawn}, {@code TaskScope.spawn}, blocking work excepted), and gone after the
 * block. Bindings never leak from one task to another.
 *
 * {@snippet :
 * static final TaskLocal<String> REQUEST_ID = TaskLocal.named("requestId");
 *
 * Future<Response> handle(Request req) {
 *     return TaskLocal.where(REQUEST_ID, req.id()).run(Weft.async(() -> {
 *         log("handling");                      // log() reads REQUEST_ID.get()
 *         await(scope.spawn(audit(req)));       // the child sees the same request id
 *         return respond(req);
 *     }));
 * }
 * }
 *
 * <p>Task dumps ({@code WeftRuntime.dumpTasks()}) show a task's bindings by name, and JFR's task
 * events name them.
 *
 * <p>Memory consistency effects: a binding is an immutable value handed with the task; reads
 * need no synchronization.
 *
 * @param <T> the value type
 */
public final class TaskLocal<T> {
    private final String name;

    private TaskLocal(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /**
     * A new key, distinct from every other (two keys of the same name are two keys).
     *
     * @param name what dumps and JFR call it
     * @param <T> the value type
     * @return the key
     */
    public static <T> TaskLocal<T> named(String name) {
        return new TaskLocal<>(name);
    }

    /**
     * Starts a binding of {@code key} to {@code value}; add more with {@link Binding#where}, then
     * run code with them.
     *
     * @param key the key
     * @param value its value, not {@code null}
     * @param <T> the value type
     * @return the binding
     */
    public static <T> Binding where(TaskLocal<T> key, T value) {
        return new Binding(null).where(key, value);
    }

    /**
     * @return the value the running code sees
     * @throws NoSuchElementException if nothing binds it here
     */
    @SuppressWarnings("unchecked")
    public T get() {
        Object v = Bindings.get(current(), this);
        if (v == null) throw new NoSuchElementException("task-local " + name + " is not bound here");
        return (T) v;
    }

    /**
     * @param other what to answer when nothing binds it
     * @return the value the running code sees, else {@code other}
     */
    @SuppressWarnings("unchecked")
    public T orElse(T other) {
        Object v = Bindings.get(current(), this);
        return v == null ? other : (T) v;
    }

    /** @return whether the running code sees a value */
    public boolean isBound() {
        return Bindings.get(current(), this) != null;
    }

    /** @return the name given to {@link #named} */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }

    private static Bindings current() {
        return Ambient.current() instanceof Bindings b ? b : null;
    }

    /**
     * Some keys bound to values, on top of what the running code already sees: run a future
     * ({@link #run}) or synchronous code ({@link #call}) with them. Immutable.
     */
    public static final class Binding {
        private final Bindings added;

        private Binding(Bindings added) {
            this.added = added;
        }

        /**
         * @param key one more key
         * @param value its value, not {@code null}
         * @param <T> the value type
         * @return this binding and that one
         */
        public <T> Binding where(TaskLocal<T> key, T value) {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            return new Binding(Bindings.with(added, key, value));
        }

        /**
         * A future that runs {@code future} with these bindings: every poll of it, and every task
         * it spawns, sees them. The bindings are those the code calling this sees, plus these.
         *
         * @param future what to run
         * @param <T> its output type
         * @return the future with the bindings
         */
        public <T> Future<T> run(Future<T> future) {
            return new WithBindings<>(on(current()), future);
        }

        /**
         * Calls {@code body} now with these bindings, for synchronous code: blocking code, or a
         * stretch of a body without awaits (in a stackful body it may await too).
         *
         * @param body what to call
         * @param <T> its result type
         * @return what it returned
         * @throws Exception what it threw
         */
        public <T> T call(Callable<T> body) throws Exception {
            Object prev = Ambient.swap(on(current()));
            try {
                return body.call();
            } finally {
                Ambient.swap(prev);
            }
        }

        private Bindings on(Bindings base) {
            Bindings out = base;
            java.util.ArrayDeque<Bindings> stack = new java.util.ArrayDeque<>();
            for (Bindings e = added; e != null; e = e.next()) stack.push(e);
            while (!stack.isEmpty()) {
                Bindings e = stack.pop();
                out = Bindings.with(out, e.key(), e.value());
            }
            return out;
        }
    }
}
