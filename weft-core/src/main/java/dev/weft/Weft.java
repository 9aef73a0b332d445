package dev.weft;

import dev.weft.coro.Coroutine;
import dev.weft.coro.internal.UnwovenAwait;
import dev.weft.coro.internal.UnwovenBody;
import dev.weft.coro.internal.VirtualCoroutine;
import dev.weft.exec.internal.BlockOn;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import java.util.concurrent.Callable;

/**
 * The front door: the static entry points most code needs.
 *
 * {@snippet :
 * import static dev.weft.Weft.await;
 *
 * int answer = await(Future.ready(42)); // on a plain thread, await blocks until ready
 * }
 */
public final class Weft {
    private Weft() {}

    /**
     * Waits for {@code future} and returns its output. One call for every place:
     * <ol>
     *   <li>on an ordinary platform or virtual thread it blocks that thread
     *       ({@link #blockOn(Future)});</li>
     *   <li>inside a coroutine body ({@link #async(Callable)}) it suspends the coroutine and frees
     *       the worker; what wakes it is {@code future}'s waker, and the coroutine resumes on
     *       whichever worker polls it next;</li>
     *   <li>inside a body rewritten by the weaver it becomes a state transition of the body's
     *       {@link dev.weft.coro.WovenFuture}; reached from a woven body through a helper the weaver
     *       did not rewrite, on a worker thread, it throws {@link IllegalStateException} instead of
     *       blocking the worker.</li>
     * </ol>
     *
     * <p><b>Weaver hook.</b> The weaver recognizes the call site
     * {@code INVOKESTATIC dev/weft/Weft.await (Ldev/weft/future/Future;)Ljava/lang/Object;} in the
     * methods it weaves and replaces it by a state transition; code it does not weave keeps calling
     * this method, which picks case 1 or 2 at run time (one {@code Thread.isVirtual()} test on a
     * platform thread, plus one field read on a virtual thread).
     *
     * <p>Cancellation (the same in a woven body, a coroutine and on a thread, where an interrupt is
     * the cancellation): the await a cancelled body is suspended in cancels {@code future}, waits
     * until it is done cancelling ({@link Future#pollCancel}: its {@code finally} blocks ran), then
     * throws {@link java.util.concurrent.CancellationException} (on a thread: with an
     * {@link InterruptedException} cause, the interrupt status set again). Every later await of the
     * cancelled body throws it at once without polling its future, but an await of a shielded
     * future ({@code Time.cleanup}, a task scope's close), which waits as usual. What the body
     * throws while it unwinds goes to the runtime's failure hook, not to the canceller. The README's
     * "Cancellation" section has the whole contract.
     *
     * <p>Failures: what the future threw, as it is: unchecked or checked, never wrapped (a checked one is undeclared here; {@link #await(Fallible)} declares it).
     *
     * @param future what to wait for; owned by this call until it returns
     * @param <T> the output type
     * @return the output of {@code future}
     * @throws java.util.concurrent.CancellationException if the coroutine was cancelled or the
     *     thread interrupted while waiting
     * @throws IllegalStateException on a Weft worker, if this await was reached from a woven body
     *     through a method the weaver did not weave (it would block the worker)
     */
    public static <T> T await(Future<T> future) {
        VirtualCoroutine<?> coroutine = VirtualCoroutine.current();
        if (coroutine != null) return coroutine.await(future);
        UnwovenAwait.refuseOnWorker("Weft.await(...)");
        return BlockOn.blockOn(future, "Weft.await(...)", " outside an async body");
    }

    /**
     * Waits for a future whose failure has a checked type, as {@link #await(Future)} does, and
     * declares that type: an await of an I/O future throws {@code IOException}, of a timeout
     * {@code TimeoutException}, so the awaiting code handles them as around the blocking calls they
     * replace. The weaver recognizes this call site too
     * ({@code (Ldev/weft/future/Fallible;)Ljava/lang/Object;}).
     *
     * {@snippet :
     * try {
     *     await(Time.timeout(TcpStream.connect("127.0.0.1", 7000), Duration.ofSeconds(1)));
     * } catch (TimeoutException slow) {
     *     // no answer within a second
     * } catch (IOException refused) {
     *     // connection refused, reset, ...
     * }
     * }
     *
     * @param future what to wait for; owned by this call until it returns
     * @param <T> the output type
     * @param <X> the checked exception it may fail with
     * @return the output of {@code future}
     * @throws X what the future threw (unchecked exceptions pass as well)
     */
    public static <T, X extends Exception> T await(Fallible<T, X> future) throws X {
        return await((Future<T>) future);
    }

    /**
     * A coroutine: a future that runs {@code body} on the worker that polls it, suspending in every
     * {@link #await(Future)} of a pending future. Rust's {@code async move { ... }} block.
     *
     * <p><b>Woven or stackful.</b> When the class is woven ({@code weft-weaver}: Maven plugin, java
     * agent or offline command), a lambda or same-class method reference passed here whose body
     * calls {@code await} is compiled into a state-machine future ({@link dev.weft.coro.WovenFuture}):
     * no thread, no continuation, no JVM flag, one small object per call; this method is then not
     * called at all. Unwoven, the same body runs as a stackful coroutine ({@link Coroutine#async}),
     * which also suspends in awaits deeper in the call stack. A woven body suspends only at its own
     * awaits: an await in a helper it calls must itself be in a {@code Weft.async} body. The first
     * body in a JVM that runs stackful this way logs a notice (System.Logger {@code dev.weft.coro},
     * INFO) naming its class; {@code RuntimeMetrics.wovenBodies()} and {@code stackfulBodies()}
     * count both kinds. {@link Coroutine#async} is stackful on purpose and logs nothing.
     *
     * {@snippet :
     * Future<String> f = Weft.async(() -> "hello " + Weft.await(Future.ready("world")));
     * }
     *
     * @param body the coroutine body
     * @param <T> the output type
     * @return the coroutine's future (cancel-safe: cancelling unwinds the body)
     */
    public static <T> Future<T> async(Callable<? extends T> body) {
        UnwovenBody.runsStackful(body);
        return Coroutine.async(body);
    }

    /**
     * Runs {@code future} to completion on the calling thread, parking it between polls.
     *
     * <p>The calling thread polls the future; when it is pending, the thread parks until the
     * future's waker is woken (from any thread, at any moment: a wake that comes before or during a
     * poll leaves a token, so the next park returns at once), then polls again. No busy spinning;
     * spurious wake-ups only cause an extra poll. Works on platform and virtual threads (a virtual
     * thread unmounts while parked). While it waits, the thread drives the timers and the reactor
     * of code outside any runtime if no other thread does (as async-io's {@code block_on} takes the
     * reactor): a {@code blockOn(Time.sleep(...))} is woken by its own thread. To run a future on a
     * runtime's workers instead and wait for it, use {@code WeftRuntime.blockOn}.
     *
     * {@snippet :
     * int v = Weft.blockOn(Future.ready(41)) + 1; // 42
     * }
     *
     * <p>Interruption is the cancellation of blocking code, with the same rules as a cancelled
     * task: if the thread is interrupted while it waits (looked at before each park too, so a
     * future that wakes itself at every poll is cancelled as well), the future is cancelled (its
     * {@code cancel()} hook runs) and the thread waits, whatever further interrupts come, until the
     * future is done cancelling ({@link Future#pollCancel}: its {@code finally} blocks ran); then
     * the interrupt status is set again and a {@link java.util.concurrent.CancellationException}
     * whose cause is an {@link InterruptedException} is thrown. A thread already interrupted does
     * not poll the future at all and throws the same at once (as {@code lockInterruptibly} does),
     * so every await of an interrupted thread throws until the status is cleared. The one exception
     * is a shielded future ({@code Time.cleanup}, a task scope's closing): it is waited for
     * whatever the interrupt status, which is kept and set again afterwards.
     *
     * <p>Failures: what the future threw, as it is (a checked one undeclared: the overload for a
     * {@link Fallible} declares it).
     *
     * @param future what to run
     * @param <T> the output type
     * @return the output of {@code future}
     */
    public static <T> T blockOn(Future<T> future) {
        return BlockOn.blockOn(future);
    }

    /**
     * Runs {@code future} to completion on the calling thread, declaring its checked failure type.
     *
     * @param future what to run
     * @param <T> the output type
     * @param <X> the checked exception it may fail with
     * @return the output of {@code future}
     * @throws X what the future threw
     */
    public static <T, X extends Exception> T blockOn(Fallible<T, X> future) throws X {
        return BlockOn.blockOn(future);
    }

    /**
     * Runs {@code future} from {@code main}: builds a runtime with the default settings
     * ({@code availableProcessors} workers named {@code weft-main-N}), runs the future on it as its
     * root task, blocks the caller until it completes, and closes the runtime (tasks the future
     * spawned and left running are cancelled; every thread of the runtime is stopped). Rust's
     * {@code #[tokio::main]}. To keep a runtime across calls, build one ({@link WeftRuntime#builder()})
     * and use its {@link WeftRuntime#blockOn} and {@link WeftRuntime#spawn}.
     *
     * {@snippet :
     * public static void main(String[] args) {
     *     int n = Weft.run(Weft.async(() -> await(Time.sleep(Duration.ofMillis(10))) == null ? 1 : 0));
     * }
     * }
     *
     * <p>Failures: what the future threw, as it is (a checked one undeclared).
     *
     * @param future what to run
     * @param <T> the output type
     * @return the output of {@code future}
     * @throws IllegalStateException if called on a runtime's worker (await instead)
     */
    public static <T> T run(Future<T> future) {
        BlockOn.refuseOnWorker("Weft.run(...)", "", "inside a task, await the future in a Weft.async body, or"
                + " spawn it on the current runtime with Task.spawn");
        try (WeftRuntime rt = WeftRuntime.builder().threadNamePrefix("weft-main-").build()) {
            return rt.blockOn(future);
        }
    }
}
