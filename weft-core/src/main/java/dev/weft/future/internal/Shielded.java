package dev.weft.future.internal;

/**
 * Marks a future that an await waits for even in a body that is being cancelled, where every
 * other await throws {@link java.util.concurrent.CancellationException} at once: the bounded
 * cleanup of {@code Time.cleanup} and the closing of a task scope (which must wait for its
 * children to end). The woven await ({@code WovenFuture}), the stackful one and the blocking one
 * all test for it; only Weft's own futures implement it.
 *
 * {@snippet :
 * final class Cleanup<T> implements Future<T>, Shielded { ... } // awaited while unwinding too
 * }
 */
public interface Shielded {
}
