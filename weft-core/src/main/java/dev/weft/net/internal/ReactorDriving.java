package dev.weft.net.internal;

/**
 * The one place that decides which thread drives the process-wide {@link Reactor}.
 *
 * <p>Today: a daemon platform thread, {@code weft-reactor}, calls {@code reactor.poll(-1)} in a
 * loop (a blocking select; other threads wake it only when they change interest ops, coalesced).
 * When the shared idle driver of the time layer is installed, {@link #attach(Reactor)} hands the
 * reactor to it as its {@link dev.weft.internal.Poller} instead, and idle workers and
 * {@code blockOn} threads drive the selector themselves, so that an I/O event wakes its task
 * without a thread hop. That switch is this method's body only.
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
