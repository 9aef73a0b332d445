/**
 * Stackful coroutines on Weft's executors: {@link dev.weft.coro.Coroutine#async} turns
 * straight-line code that calls {@code Weft.await} at any call depth into a
 * {@link dev.weft.future.Future}.
 *
 * <p>Maintainers: the coroutine future is {@code coro.internal.VirtualCoroutine}, a virtual thread
 * whose scheduler is the future itself, so the body runs only inside polls; {@code Weft.await}
 * checks {@code VirtualCoroutine.current()} (one {@code isVirtual()} test on platform threads) and
 * either suspends the coroutine or blocks the thread. The internal package overview explains the
 * choice of virtual threads over raw {@code jdk.internal.vm.Continuation}.
 */
package dev.weft.coro;
