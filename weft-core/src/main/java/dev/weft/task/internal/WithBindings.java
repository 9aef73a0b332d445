package dev.weft.task.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Ambient;
import java.util.Objects;

/**
 * A future run with task-local bindings: each poll, cancel and pollCancel of the inner future
 * happens with {@code bindings} installed as the running code's {@link Ambient} context, and the
 * context before is put back afterwards. What {@code TaskLocal.where(...).run(future)} makes, and
 * what a spawn wraps its future in when the spawning code has bindings (so the task inherits
 * them). Owner-polled, as every future.
 *
 * {@snippet :
 * Future<String> f = new WithBindings<>(Bindings.with(null, REQUEST_ID, "r-17"), handler);
 * }
 *
 * @param <T> the output type
 */
public class WithBindings<T> implements Future<T> {
    private final Bindings bindings;
    private final Future<T> inner;

    /**
     * @param bindings the bindings to install, or {@code null} for none
     * @param inner the future to run with them
     */
    public WithBindings(Bindings bindings, Future<T> inner) {
        this.bindings = bindings;
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    /** @return the bindings this future installs */
    public final Bindings bindings() {
        return bindings;
    }

    /**
     * @return whether a failure of this future reaches somebody without its task's handle (a task
     *     scope's child: through the scope), so that the task need not watch its dropped handle
     */
    public boolean failureSurfacesElsewhere() {
        return false;
    }

    /** @return the future run with them */
    public final Future<T> inner() {
        return inner;
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        Object prev = Ambient.swap(bindings);
        try {
            return inner.poll(cx);
        } finally {
            Ambient.swap(prev);
        }
    }

    @Override
    public void cancel() {
        Object prev = Ambient.swap(bindings);
        try {
            inner.cancel();
        } finally {
            Ambient.swap(prev);
        }
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        Object prev = Ambient.swap(bindings);
        try {
            return inner.pollCancel(cx);
        } finally {
            Ambient.swap(prev);
        }
    }

    @Override
    public String toString() {
        return inner + " with " + Bindings.describe(bindings);
    }
}
