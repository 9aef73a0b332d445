package dev.weft.scope.internal;

import dev.weft.scope.Joiner;
import dev.weft.scope.Subtask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Future.State;

/**
 * {@link Joiner#inCompletionOrder()}: fail-fast, and every output in the order the children
 * ended. Called under the scope's lock only.
 *
 * {@snippet :
 * Joiner<String, List<String>> j = Joiner.inCompletionOrder();
 * }
 *
 * @param <T> the children's output type
 */
public final class InCompletionOrder<T> implements Joiner<T, List<T>> {
    private final FailFast<T> failures = new FailFast<>();
    private final List<T> outputs = new ArrayList<>();

    /** A joiner with no output yet. */
    public InCompletionOrder() {}

    @Override
    public boolean onComplete(Subtask<? extends T> child) {
        if (child.state() == State.SUCCESS) outputs.add(child.get());
        return failures.onComplete(child);
    }

    @Override
    public List<T> result() throws Exception {
        failures.throwFirstFailure();
        return Collections.unmodifiableList(new ArrayList<>(outputs));
    }
}
