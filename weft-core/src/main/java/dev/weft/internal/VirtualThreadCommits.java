package dev.weft.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps a stackful body's JFR events from costing its worker one of its own. On JDK 25, once a
 * virtual thread that runs on one of our threads as its carrier (a coroutine's step on a worker)
 * has committed a JFR event and unmounted, the next event that thread commits is lost without a
 * word; the one after it is recorded. Weft commits events on coroutines' virtual threads
 * ({@code dev.weft.TaskSpawned} for a spawn from a stackful body), and before this class, a worker
 * lost the end event of nearly every task such a body spawned. Checked in plain JDK code, without
 * Weft: a custom-scheduler virtual thread commits an event and parks, then its carrier commits two;
 * only the second is in the recording.
 *
 * <p>So each Weft event committed on a coroutine's virtual thread tells the coroutine
 * ({@link #committed()}, through {@link Carrier.Body#committedEvent()}), and the thread that ran
 * the step, once it returns, commits a {@link CarrierResyncEvent} that takes the loss
 * ({@link #resync()}). Events that user code or the JDK commit in a stackful body are not seen
 * here: after them, a worker may still lose one event.
 *
 * {@snippet :
 * continuation.run();
 * if (committedEvent) { committedEvent = false; VirtualThreadCommits.resync(); }
 * }
 *
 * <p>Stateless; called only once JFR is initialized ({@link FlightRecorderGate#open()}), so a JVM
 * that never records never loads this class or the event.
 */
public final class VirtualThreadCommits {
    private VirtualThreadCommits() {}

    /** A Weft event was just committed on this thread: if it is a coroutine body's, the body is told. */
    public static void committed() {
        Thread t = Thread.currentThread();
        if (t.isVirtual() && t.getUncaughtExceptionHandler() instanceof Carrier.Body b) b.committedEvent();
    }

    /** Right after a step that committed an event, on the thread that ran it: takes the lost event. */
    public static void resync() {
        new CarrierResyncEvent().commit();
    }
}
