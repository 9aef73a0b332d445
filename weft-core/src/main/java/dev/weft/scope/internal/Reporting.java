package dev.weft.scope.internal;

import dev.weft.scope.Joiner;
import dev.weft.scope.Subtask;
import java.util.concurrent.Future.State;

/**
 * {@code Joiner.reporting()}, the joiner of a {@code TaskTracker}: failures never stop the group, and each goes to the
 * runtime's failure hook as it happens (a server's connections run for days: nothing is kept).
 * Called under the scope's lock only, on the thread of the child that ended (a worker, whose
 * failure sink is the runtime's hook).
 *
 * {@snippet :
 * Joiner<Object, Void> j = new Reporting<>();
 * }
 *
 * @param <T> the children's output type
 */
public final class Reporting<T> implements Joiner<T, Void> {
    /** A joiner that reports. */
    public Reporting() {}

    @Override
    public boolean onComplete(Subtask<? extends T> child) {
        if (child.state() == State.FAILED && child instanceof ScopeChild<?> c) c.reportFailure("failed");
        return false;
    }

    @Override
    public Void result() {
        return null;
    }
}
