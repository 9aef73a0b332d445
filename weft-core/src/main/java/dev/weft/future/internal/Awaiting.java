package dev.weft.future.internal;

import dev.weft.future.Future;

/**
 * A future that can say where it waits, for task dumps: a coroutine (woven: the source line of the
 * await it is suspended at; stackful: its stack) and the future it awaits there. A dump follows
 * {@link #awaitedFuture()} from a task's root future down to a leaf that is not an
 * {@code Awaiting}, printing each {@link #waitSite()}. Read racily from another thread while the
 * task is idle; an answer may be stale, never harmful.
 *
 * {@snippet :
 * for (Object f = root; f instanceof Awaiting a; f = a.awaitedFuture()) System.out.println(a.waitSite());
 * }
 */
public interface Awaiting {
    /** @return where this future waits now (one or more lines), or {@code null} if not known */
    String waitSite();

    /** @return the future awaited there, or {@code null} */
    Future<?> awaitedFuture();
}
