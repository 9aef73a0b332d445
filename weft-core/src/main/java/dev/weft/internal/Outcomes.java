package dev.weft.internal;

/**
 * How an awaited failure reaches the awaiting code: as it was thrown. A checked exception is
 * rethrown unchanged, undeclared, so that code awaiting a {@code Fallible} future can catch it by
 * its own type ({@code catch (IOException e)}) and code awaiting a plain future sees the same object
 * the future threw, with its own stack trace. Nothing is wrapped: {@code CompletionException} stays
 * where the JDK uses it ({@code CompletableFuture} interop).
 *
 * {@snippet :
 * try { p = future.poll(cx); } catch (Throwable t) { throw Outcomes.rethrow(t); }
 * }
 */
public final class Outcomes {
    private Outcomes() {}

    /**
     * Throws {@code failure} as it is.
     *
     * @param failure what an awaited future (or a coroutine body) threw
     * @return never returns; declared so callers can write {@code throw Outcomes.rethrow(t)}
     */
    public static RuntimeException rethrow(Throwable failure) {
        throw Outcomes.<RuntimeException>sneaky(failure);
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }
}
