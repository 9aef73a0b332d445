package dev.weft.scope.internal;

import dev.weft.scope.Joiner;
import dev.weft.scope.Subtask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@link Joiner#allInOrder()}: fail-fast, and every output in spawn order. Called under the
 * scope's lock only.
 *
 * {@snippet :
 * Joiner<String, List<String>> j = Joiner.allInOrder();
 * }
 *
 * @param <T> the children's output type
 */
public final class AllInOrder<T> implements Joiner<T, List<T>> {
    private final FailFast<T> failures = new FailFast<>();
    private final List<Subtask<? extends T>> children = new ArrayList<>();

    /** A joiner with no child seen. */
    public AllInOrder() {}

    @Override
    public boolean onSpawn(Subtask<? extends T> child) {
        children.add(child);
        return false;
    }

    @Override
    public boolean onComplete(Subtask<? extends T> child) {
        return failures.onComplete(child);
    }

    @Override
    public List<T> result() throws Exception {
        failures.throwFirstFailure();
        List<T> out = new ArrayList<>(children.size());
        for (Subtask<? extends T> c : children) out.add(c.get());
        return Collections.unmodifiableList(out);
    }
}
