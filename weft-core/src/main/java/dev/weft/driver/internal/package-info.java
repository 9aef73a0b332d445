/**
 * The driver floor; not exported. One loop waits for the next deadline and for I/O at once, and
 * whoever is idle runs it.
 *
 * <h2>Maintainer overview</h2>
 * <ul>
 *   <li>{@link dev.weft.driver.internal.Driver}: the driver lock, one turn (wait in the poller
 *       until the earliest deadline, then fire what is due), the hand-over from the fallback
 *       thread to an idle thread, and the shared driver of code outside any runtime. Each runtime
 *       has one; its idle workers drive it ({@code dev.weft.internal.IdleDriver}).</li>
 *   <li>{@link dev.weft.driver.internal.Poller}: the contract of what a turn waits in. The
 *       pollers that wait for sockets (NIO's selector, epoll) live in {@code dev.weft.net.internal}
 *       and implement it; {@link dev.weft.driver.internal.ParkingPoller} waits for nothing but a
 *       wake-up (a driver with no sockets).</li>
 *   <li>{@link dev.weft.driver.internal.Deadlines}: the contract of what a turn fires. The timers
 *       of {@code dev.weft.time.internal} implement it.</li>
 * </ul>
 * The floor sits above the runtime base and below the task, timers and sockets: it knows them only
 * through its two contracts, so the runtime ({@code dev.weft.exec.WeftRuntime}) composes a driver from
 * its timers and its poller, and code that arms a timer or registers a socket finds those among
 * the runtime's drivers ({@code dev.weft.internal.Drivers}), never through the driver. Outside any
 * runtime the shared timers and the shared NIO reactor attach themselves to the shared driver when
 * first used.
 */
package dev.weft.driver.internal;
