/**
 * NIO's poller; not exported.
 *
 * <ul>
 *   <li>{@link dev.weft.net.internal.nio.Reactor}: one {@code Selector}; coalesced wake-ups (one
 *       {@code Selector.wakeup()} per sleep). Interest changes from tasks reach the driving thread
 *       through an allocation-free stack of sources; only the driving thread touches selection
 *       keys. Code outside any runtime shares one ({@code Reactor.shared()}), the poller of the
 *       shared driver.</li>
 *   <li>{@link dev.weft.net.internal.nio.Source}: one registered channel; per direction a small
 *       list of waiting tasks; interest armed by the waiting task itself and kept armed after an
 *       event woke somebody (no re-arm per round trip, as Netty keeps {@code OP_READ}); a report
 *       that finds nobody waiting marks the direction stale, and the next poll disarms it if still
 *       nobody waits (so a level-triggered selector cannot spin). The state table and the
 *       no-lost-wake-up argument are at the top of that class.</li>
 *   <li>{@link dev.weft.net.internal.nio.Readiness}: the {@code readable()}/{@code writable()}
 *       future; its {@code cancel()} removes its slot.</li>
 *   <li>The endpoints: {@link dev.weft.net.internal.nio.NioStream} (the streams' allocation-free
 *       poll methods, with a per-side readiness cache), {@link dev.weft.net.internal.nio.NioListener}
 *       and {@link dev.weft.net.internal.nio.NioDatagram}.</li>
 * </ul>
 */
package dev.weft.net.internal.nio;
