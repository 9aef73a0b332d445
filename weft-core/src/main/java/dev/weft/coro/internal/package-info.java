/**
 * How {@code dev.weft.coro} coroutines work; not exported.
 *
 * <p>{@link dev.weft.coro.internal.VirtualCoroutine} is the coroutine future: a virtual thread
 * whose scheduler (the coroutine itself) hands its continuation back
 * to the future, so the body runs only inside the future's polls, on the polling worker. Its
 * shared state is in its superclasses {@link dev.weft.coro.internal.StepState} (is the
 * continuation runnable, who runs it) and {@link dev.weft.coro.internal.AwaitState} (how an await
 * suspends and is woken); {@link dev.weft.coro.internal.Steps} says which thread runs a step,
 * {@link dev.weft.coro.internal.Cancellation} how a cancel travels to the body, and
 * {@link dev.weft.coro.internal.InlineAwait} how an await runs a coroutine not started yet inline.
 * {@link dev.weft.coro.internal.VirtualThreads} holds the reflective access that needs
 * {@code --add-opens java.base/java.lang}; without it
 * {@link dev.weft.coro.internal.FallbackCoroutine} runs bodies on plain virtual threads.
 * {@link dev.weft.coro.internal.Carriers} and {@link dev.weft.coro.internal.StepHandoff} run steps
 * that cannot run on the thread at hand (a virtual thread cannot carry another).
 *
 * <p>Why a virtual thread and not a raw {@code jdk.internal.vm.Continuation} (measured on JDK 25,
 * see the research notes, experiment 1 and 2): the raw continuation is about 30% cheaper per
 * switch, but under the default lightweight locking a {@code synchronized} monitor held across a
 * raw yield neither pins nor fails: it deadlocks the carrier or leaks the monitor, and no cheap
 * check can see it (a {@code LiveStackFrame} walk costs about 11 us per suspension). Virtual
 * threads get monitors right (JEP 491), free the worker in blocking JDK calls, and keep
 * ThreadLocals per coroutine.
 */
package dev.weft.coro.internal;
