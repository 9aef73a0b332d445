/**
 * The reactor behind {@code dev.weft.net}; not exported.
 *
 * <h2>Maintainer overview</h2>
 * <ul>
 *   <li>{@link dev.weft.net.internal.Reactor}: one NIO {@code Selector} per process; implements the
 *       driver's {@link dev.weft.time.internal.Poller}; coalesced wake-ups (one
 *       {@code Selector.wakeup()} per sleep).</li>
 *   <li>{@link dev.weft.net.internal.Source}: one registered channel; per direction (read/write) a
 *       small list of waiting tasks ({@code Waiters}); interest armed by the waiting task itself and
 *       kept armed after an event woke somebody (no re-arm per round trip, as Netty keeps
 *       {@code OP_READ}); a report that finds nobody waiting marks the direction stale, and the
 *       next poll disarms it if still nobody waits (so a level-triggered selector cannot spin).
 *       The state table and the no-lost-wake-up argument are at the top of that class.</li>
 *   <li>{@link dev.weft.net.internal.Readiness}: the {@code readable()}/{@code writable()}
 *       future; its {@code cancel()} removes its slot.</li>
 *   <li>{@link dev.weft.net.internal.ReactorDriving}: the seam that decides who calls
 *       {@code poll}: the reactor is the poller of the process-wide
 *       {@code dev.weft.time.internal.Driver}, so idle workers, {@code blockOn} threads and the
 *       driver's fallback thread drive it, together with the timers.</li>
 *   <li>{@link dev.weft.net.internal.NetProvider}: the seam for a network other than the kernel's
 *       (a simulation's), found among a runtime's drivers; it hands out
 *       {@link dev.weft.net.internal.StreamEndpoint}s, {@link dev.weft.net.internal.ListenerEndpoint}s
 *       and {@link dev.weft.net.internal.DatagramEndpoint}s, the interfaces the sockets of
 *       {@code dev.weft.net} drive whichever network is under them.</li>
 * </ul>
 * Wakers are always collected under a lock and woken after it is released ({@code WakeList}).
 * Interest changes from tasks reach the driving thread through an allocation-free stack of sources
 * ({@code Reactor}); only the driving thread touches selection keys.
 */
package dev.weft.net.internal;
