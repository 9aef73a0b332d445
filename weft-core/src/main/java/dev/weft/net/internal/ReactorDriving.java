package dev.weft.net.internal;

/**
 * The one place that decides which thread drives the process-wide {@link Reactor}.
 *
 * <p>Today: a daemon platform thread, {@code weft-reactor}, calls {@code reactor.poll(-1)} in a
 * loop (a blocking select; other threads wake it only when they arm interest ops, coalesced).
 * Timers are driven separately by the time layer's {@code dev.weft.internal.Driver}.
 *
 * <p>The intended design is for the reactor to be the driver's {@link dev.weft.internal.Poller}
 * ({@code Driver.global().setPoller(reactor)} as this method's whole body), so that idle workers
 * and {@code blockOn} threads wait in the selector and an I/O event wakes its task without a
 * thread hop. That switch was made and reverted: with it, a one-connection ping-pong (client
 * on {@code blockOn}; server on a 2-worker runtime, on a virtual thread's {@code blockOn}, or on a
 * platform thread's {@code blockOn}: all three) stalls within a few thousand round trips. In the
 * stalled state the server's socket holds unread bytes, its source has no interest and no waiter
 * (an event fired and drained the waker), yet the server never polled again; in the
 * platform-thread case the server thread itself is the driver, blocked in {@code select(-1)}. So
 * a wake fired inside a driver turn (by {@link Reactor#poll(long)} after its select) is lost
 * somewhere between the waker and the parkers of {@code blockOn}/{@code Worker} and the driver
 * lock; with this dedicated thread (wakes come from a thread that never parks through the driver)
 * the same programs run to the end every time. Until that is found, I/O keeps its own thread.
 */
final class ReactorDriving {
    private static final System.Logger LOG = System.getLogger(ReactorDriving.class.getName());

    private ReactorDriving() {}

    /**
     * Arranges for {@code reactor} to be driven for the life of the process.
     *
     * @param reactor the reactor to drive
     */
    static void attach(Reactor reactor) {
        Thread t = Thread.ofPlatform().daemon().name("weft-reactor").unstarted(() -> {
            while (true) {
                try {
                    reactor.poll(-1);
                } catch (RuntimeException | Error e) {
                    // No task owns a selector failure: report it and keep every other socket served.
                    LOG.log(System.Logger.Level.ERROR, "reactor poll failed; driving on", e);
                }
            }
        });
        t.start();
    }
}
