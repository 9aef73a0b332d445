package dev.weft.scope.internal;

import dev.weft.scope.Joiner;
import dev.weft.scope.Subtask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Future.State;

/**
 * {@link Joiner#supervisor()}: failures never stop the scope; join gives them in the order they
 * happened. Called under the scope's lock only.
 *
 * {@snippet :
 * Joiner<Object, List<Throwable>> j = Joiner.supervisor();
 * }
 *
 * @param <T> the children's output type
 */
public final class Supervisor<T> implements Joiner<T, List<Throwable>> {
    private final List<Throwable> failures = new ArrayList<>();

    /** A joiner with no failure seen. */
    public Supervisor() {}

    @Override
    public boolean onComplete(Subtask<? extends T> child) {
        if (child.state() == State.FAILED) failures.add(child.exception());
        return false;
    }

    @Override
    public List<Throwable> result() {
        List<Throwable> out = Collections.unmodifiableList(new ArrayList<>(failures));
        failures.clear();
        return out;
    }
}
