package dev.weft.scope.internal;

import dev.weft.scope.Joiner;
import dev.weft.scope.Subtask;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.Future.State;

/**
 * {@link Joiner#firstSuccess()}: the first child to succeed stops the scope and is the result;
 * if none does, the first failure is thrown with the others suppressed. Failures are read only
 * when none succeeded, so a loser's failure is left to the scope's report at close. Called under
 * the scope's lock only.
 *
 * {@snippet :
 * Joiner<String, String> j = Joiner.firstSuccess();
 * }
 *
 * @param <T> the children's output type
 */
public final class FirstSuccess<T> implements Joiner<T, T> {
    private Subtask<? extends T> winner;
    private final List<Subtask<? extends T>> failed = new ArrayList<>();

    /** A joiner with no child ended. */
    public FirstSuccess() {}

    @Override
    public boolean onComplete(Subtask<? extends T> child) {
        if (winner != null) return false;
        if (child.state() == State.SUCCESS) {
            winner = child;
            return true;
        }
        if (child.state() == State.FAILED) failed.add(child);
        return false;
    }

    @Override
    public T result() throws Exception {
        if (winner != null) return winner.get();
        if (failed.isEmpty()) throw new NoSuchElementException("no child of the scope succeeded: none ran to an end");
        Throwable first = failed.getFirst().exception();
        for (int i = 1; i < failed.size(); i++) first.addSuppressed(failed.get(i).exception());
        if (first instanceof Exception e) throw e;
        if (first instanceof Error e) throw e;
        throw new IllegalStateException("a child of the scope threw " + first, first);
    }
}
