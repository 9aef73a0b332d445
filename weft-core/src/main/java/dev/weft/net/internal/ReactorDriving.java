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
 * thread hop. That switch is made and reverted here for now: with it, a one-connection ping-pong
 * (client on {@code blockOn}, server task on a 2-worker runtime or on a virtual thread's
 * {@code blockOn}) stalls within a few thousand round trips: the server task has been woken by the
 * reactor (its slot is drained, its socket holds unread bytes) but is never polled again, while a
 * worker sits in the select. With this dedicated thread the same program runs to the end every
 * time. The cause, in the hand-off between wakers fired inside a driver turn and the parkers of
 * the exec/time layers, is still to be found.
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
