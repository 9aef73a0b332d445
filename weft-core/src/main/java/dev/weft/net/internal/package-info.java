/**
 * The pollers behind {@code dev.weft.net}; not exported.
 *
 * <h2>Maintainer overview</h2>
 * Each runtime has one poller, chosen when it is built ({@link dev.weft.net.internal.RuntimeNet}):
 * NIO's selector or the native epoll poller. Either is the poller of the runtime's driver
 * ({@link dev.weft.driver.internal.Poller}), so idle workers wait in it together with the timers.
 * <ul>
 *   <li>{@link dev.weft.net.internal.Reactor}: one NIO {@code Selector}; coalesced wake-ups (one
 *       {@code Selector.wakeup()} per sleep). Code outside any runtime shares one
 *       ({@code Reactor.shared()}), the poller of the shared driver.</li>
 *   <li>{@link dev.weft.net.internal.EpollPoller}: {@code epoll} through the Foreign Function and
 *       Memory API, edge-triggered, with {@link dev.weft.net.internal.EpollSource} per socket and
 *       {@link dev.weft.net.internal.NativeNet} handing out its endpoints.</li>
 *   <li>{@link dev.weft.net.internal.Source}: one registered channel; per direction (read/write) a
 *       small list of waiting tasks ({@code Waiters}); interest armed by the waiting task itself and
 *       kept armed after an event woke somebody (no re-arm per round trip, as Netty keeps
 *       {@code OP_READ}); a report that finds nobody waiting marks the direction stale, and the
 *       next poll disarms it if still nobody waits (so a level-triggered selector cannot spin).
 *       The state table and the no-lost-wake-up argument are at the top of that class.</li>
 *   <li>{@link dev.weft.net.internal.Readiness}: the {@code readable()}/{@code writable()}
 *       future; its {@code cancel()} removes its slot.</li>
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
