/**
 * The reactor behind {@code dev.weft.net}; not exported.
 *
 * <h2>Maintainer overview</h2>
 * <ul>
 *   <li>{@link dev.weft.net.internal.Reactor}: one NIO {@code Selector} per process; implements the
 *       driver's {@link dev.weft.internal.Poller}; coalesced wake-ups (one
 *       {@code Selector.wakeup()} per sleep).</li>
 *   <li>{@link dev.weft.net.internal.Source}: one registered channel; per direction (read/write) a
 *       small list of waiting tasks ({@code Waiters}); interest armed by the waiting task itself,
 *       disarmed by the driver when the event comes (one-shot, like async-io).</li>
 *   <li>{@link dev.weft.net.internal.Readiness}: the {@code readable()}/{@code writable()}
 *       future; its {@code cancel()} removes its slot.</li>
 *   <li>{@link dev.weft.net.internal.ReactorDriving}: the seam that decides who calls
 *       {@code poll}: a dedicated {@code weft-reactor} thread today; the time layer's shared
 *       idle driver once a stall seen with it is understood (see there).</li>
 * </ul>
 * Wakers are always collected under a lock and woken after it is released ({@code WakeList}).
 */
package dev.weft.net.internal;
