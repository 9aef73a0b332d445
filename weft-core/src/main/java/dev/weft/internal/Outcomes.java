package dev.weft.internal;

import java.util.concurrent.CompletionException;

/** How a failure of a future reaches the code that awaits it: one rule for every entry point. */
public final class Outcomes {
    private Outcomes() {}

    /**
     * Throws {@code failure} to the awaiting code: unchecked exceptions and errors as they are
     * (same object, original stack trace), checked exceptions wrapped in
     * {@link CompletionException} with the original as cause.
     *
     * @param failure what the future threw
     * @return never returns; declared so callers can write {@code throw Outcomes.rethrow(e)}
     */
    public static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException r) throw r;
        if (failure instanceof Error e) throw e;
        throw new CompletionException(failure);
    }
}
