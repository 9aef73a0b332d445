package dev.weft.net.internal;

import dev.weft.time.internal.Driver;

/**
 * The one place that decides which thread drives the process-wide {@link Reactor}.
 *
 * <p>The reactor is the {@link dev.weft.time.internal.Poller} of the process-wide {@link Driver}:
 * whichever thread is idle (an executor worker about to park, a {@code blockOn} thread, or the
 * driver's fallback thread {@code weft-driver} when nobody else is) waits in the selector, with
 * the next timer deadline as its timeout, and wakes the tasks whose channels became ready; an I/O
 * event thus wakes its task on a thread that will run it, without a hop to a reactor thread. Only
 * the thread holding the driver calls {@link Reactor#poll(long)}, as the {@code Poller} contract
 * asks. (Before the driver's lost-wake fix on {@code main}, this ran on a dedicated
 * {@code weft-reactor} thread; a one-connection ping-pong measured 70-80 µs per round trip there
 * and 40-50 µs with the shared driver, on the same loaded machine.)
 */
final class ReactorDriving {
    private ReactorDriving() {}

    /**
     * Arranges for {@code reactor} to be driven for the life of the process.
     *
     * @param reactor the reactor to drive
     */
    static void attach(Reactor reactor) {
        Driver.shared().setPoller(reactor);
    }
}
