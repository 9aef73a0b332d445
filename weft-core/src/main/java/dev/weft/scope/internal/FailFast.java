package dev.weft.scope.internal;

import dev.weft.scope.Joiner;
import dev.weft.scope.Subtask;
import java.util.concurrent.Future.State;

/**
 * {@link Joiner#failFast()}: the first failure stops the scope; later failures are suppressed in
 * it. The joiners that also collect outputs keep one for their failures. Called under the
 * scope's lock only.
 *
 * {@snippet :
 * Joiner<Object, Void> j = Joiner.failFast();
 * }
 *
 * @param <T> the children's output type
 */
public final class FailFast<T> implements Joiner<T, Void> {
    private Throwable first;

    /** A joiner with no failure seen. */
    public FailFast() {}

    @Override
    public boolean onComplete(Subtask<? extends T> child) {
        if (child.state() != State.FAILED) return false;
        Throwable t = child.exception();
        if (first == null) {
            first = t;
            return true;
        }
        if (t != first) first.addSuppressed(t);
        return false;
    }

    /** @throws Exception the first failure, if a child failed */
    void throwFirstFailure() throws Exception {
        Throwable t = first;
        if (t == null) return;
        if (t instanceof Exception e) throw e;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException("a child of the scope threw " + t, t);
    }

    @Override
    public Void result() throws Exception {
        throwFirstFailure();
        return null;
    }
}
