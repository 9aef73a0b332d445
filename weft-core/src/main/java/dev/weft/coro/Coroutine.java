package dev.weft.coro;

import dev.weft.coro.internal.FallbackCoroutine;
import dev.weft.internal.Carrier;
import dev.weft.coro.internal.VirtualCoroutine;
import dev.weft.coro.internal.VirtualThreads;
import dev.weft.future.Future;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stackful coroutines: straight-line code that {@code await}s at any call depth, run as a
 * {@link Future} by any Weft executor.
 *
 * {@snippet :
 * import static dev.weft.Weft.await;
 *
 * Future<Integer> sum = Coroutine.async(() -> {
 *     int a = await(Future.ready(40)); // suspends here if the future is pending
 *     return a + helper();             // helper() may await too: any depth
 * });
 * int v = dev.weft.Weft.blockOn(sum); // or spawn it on an executor
 * }
 *
 * <h2>How it runs</h2>
 * {@link #async} returns a future; nothing runs until it is polled. Each poll runs the body on the
 * polling thread until the body finishes (the future is ready, or throws what the body threw) or
 * waits inside {@code Weft.await(f)} for a pending {@code f} (the poll answers pending; when
 * {@code f} wakes, the task owning the coroutine is woken and its next poll resumes the body, on
 * whichever worker polls it). Exceptions of {@code f} come out of {@code await} as
 * {@code Weft.await} documents: as they were thrown, checked ones too.
 *
 * <h2>Mechanism</h2>
 * With {@code --add-opens java.base/java.lang=ALL-UNNAMED} (or {@code =dev.weft} for the module
 * path, or the {@code Add-Opens: java.base/java.lang} line of an executable jar's manifest) a body
 * is a virtual thread scheduled by its own coroutine future ({@link Mechanism#SUSPENDING}).
 * Without the flag, {@link #async} still works: bodies run on plain virtual threads and
 * {@code await} blocks them ({@link Mechanism#BLOCKING_VIRTUAL_THREAD}); a one-time
 * {@link System.Logger} notice (logger {@code dev.weft.coro}, level INFO) says so.
 *
 * <h2>Blocking calls and monitors inside a body</h2>
 * Because a body is a virtual thread, a blocking JDK call in it ({@code Thread.sleep}, a blocking
 * socket read, {@code Object.wait}, a contended {@code synchronized} or {@code ReentrantLock})
 * parks the body and frees the worker, as in any virtual thread; the body goes on when the JDK
 * makes it runnable again (the owning task is woken then). A {@code synchronized} block around an
 * {@code await} works: the monitor belongs to the coroutine, even when it resumes on another worker
 * (JEP 491). Prefer {@code await} on Weft's own futures anyway: they are cheaper than the JDK's
 * blocking paths and cancellable. Two cases still hold the worker thread: an {@code await} (or
 * blocking call) while a native frame is on the body's stack (an FFM upcall) or inside a class
 * initializer; the virtual thread is then pinned, so the worker blocks until the awaited future
 * wakes it. It finishes correctly, unless the only thread that could complete that future is
 * the one now blocked.
 *
 * <h2>Cancellation</h2>
 * {@code cancel()} on the future (by its owner, never during a poll) makes a pending {@code await}
 * in the body throw {@link java.util.concurrent.CancellationException} at once, on the cancelling
 * thread, so {@code finally} blocks and try-with-resources run before {@code cancel()} returns; the
 * awaited future is cancelled too. The body never continues past that await normally. If it
 * catches the exception and awaits again, that await throws again at once; if it then blocks in a
 * JDK call instead, it is interrupted and is abandoned: it finishes on a spare carrier thread and
 * its outcome is dropped. A coroutine cancelled before its first poll never runs. Interrupting a
 * body's thread makes its next {@code await} of a pending future throw a
 * {@link java.util.concurrent.CancellationException} (caused by an {@link InterruptedException}):
 * at once while the body runs, at the next wake while it is suspended in {@code await}; to stop a
 * suspended coroutine, cancel it.
 *
 * <h2>Threads</h2>
 * Inside a body {@code Thread.currentThread()} is the coroutine's own virtual thread (so
 * ThreadLocals are per coroutine); {@link #carrierThread()} is the worker running it right now (a
 * spare carrier thread when blocking code awaits the body: a thread that carries a virtual thread
 * loses its interrupts, and an interrupt is how blocking code is cancelled).
 * Weft recognises a coroutine body by its thread's uncaught-exception handler: do not replace it
 * (if you do, {@code await} in that body blocks its virtual thread instead: still correct, but
 * cancellation then only reaches it as an interrupt).
 * A coroutine awaited directly by another coroutine ({@code await(async(...))}) before it started
 * runs inline, as a plain call on the awaiting coroutine's stack: no second thread. A coroutine
 * future polled on a virtual thread otherwise (by a combinator inside another coroutine body, or
 * {@code blockOn} on a virtual thread) runs its steps on a spare platform thread, because a
 * virtual thread cannot carry another: correct, but a thread hand-off per step. Prefer spawning
 * coroutines as tasks.
 *
 * <h2>Dropping a coroutine</h2>
 * A started coroutine that is neither finished nor cancelled keeps its virtual thread suspended, and
 * the JDK keeps every started virtual thread reachable ({@code jdk.trackAllThreads}, default on):
 * whoever drops an unfinished coroutine future must {@code cancel()} it, as the
 * {@link Future} contract asks.
 */
public final class Coroutine {
    private static final System.Logger LOG = System.getLogger("dev.weft.coro");
    private static final AtomicBoolean NOTICE_LOGGED = new AtomicBoolean();

    private Coroutine() {}

    /**
     * A future that runs {@code body} as a stackful coroutine when polled. Always stackful: the
     * weaver rewrites only {@code Weft.async} call sites, so this is how a body that must suspend
     * in awaits deeper in its call stack (or that the weaver refuses) says so explicitly.
     *
     * @param body the coroutine body; may call {@code Weft.await} at any depth
     * @param <T> the output type
     * @return the coroutine's future: ready with what {@code body} returns, or failing with what it
     *     throws; cancel-safe (cancellation unwinds the body, see the class documentation)
     */
    public static <T> Future<T> async(Callable<? extends T> body) {
        if (VirtualThreads.available()) return new VirtualCoroutine<>(body);
        if (!NOTICE_LOGGED.get() && NOTICE_LOGGED.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.INFO,
                    "Weft coroutines fall back to plain virtual threads (await blocks them) because "
                            + "java.lang is not open to Weft: add --add-opens java.base/java.lang=ALL-UNNAMED "
                            + "(or =dev.weft on the module path). Cause: " + VirtualThreads.unavailableReason());
        }
        return new FallbackCoroutine<>(body);
    }

    /**
     * How coroutine bodies run in this JVM: decided once, by whether {@code java.lang} is open to
     * Weft.
     *
     * @return the mechanism
     */
    public static Mechanism mechanism() {
        return VirtualThreads.available() ? Mechanism.SUSPENDING : Mechanism.BLOCKING_VIRTUAL_THREAD;
    }

    /**
     * Whether the caller is the body of a suspending coroutine, where {@code Weft.await} suspends.
     *
     * @return {@code true} inside a coroutine body
     */
    public static boolean inCoroutine() {
        return VirtualCoroutine.current() != null;
    }

    /**
     * The platform thread that is running the calling code: for a coroutine body the worker
     * carrying it now (it changes when the coroutine migrates), otherwise the current thread.
     *
     * @return the carrier thread
     */
    public static Thread carrierThread() {
        return Carrier.current();
    }
}
