/**
 * What the pollers behind {@code dev.weft.net} share; not exported. One package per poller
 * ({@code nio}, {@code epoll}, {@code uring}) holds the rest.
 *
 * <h2>Maintainer overview</h2>
 * Each runtime has one poller, chosen when it is built ({@link dev.weft.net.internal.RuntimeNet}):
 * NIO's selector ({@code dev.weft.net.internal.nio}), the native epoll poller
 * ({@code dev.weft.net.internal.epoll}) or io_uring ({@code dev.weft.net.internal.uring}); the
 * system calls both native pollers make are in {@code dev.weft.net.internal.linux}. A poller
 * implements two contracts:
 * <ul>
 *   <li>the driver's {@link dev.weft.driver.internal.Poller}: what the runtime's driver waits in,
 *       so idle workers wait for sockets and timers at once;</li>
 *   <li>the endpoints the public sockets drive: {@link dev.weft.net.internal.StreamEndpoint} (an
 *       {@code AsyncRead} and {@code AsyncWrite}), {@link dev.weft.net.internal.ListenerEndpoint}
 *       and {@link dev.weft.net.internal.DatagramEndpoint}. A poller other than NIO hands them out
 *       through a {@link dev.weft.net.internal.NetProvider} registered among the runtime's drivers
 *       (epoll's {@code NativeNet}, io_uring's {@code UringNet}; a simulation's network is one too); without one the sockets
 *       use NIO's.</li>
 * </ul>
 * Shared by both pollers: {@link dev.weft.net.internal.Waiters} (the tasks waiting for one
 * direction of one socket), {@link dev.weft.net.internal.WakeList} (wakers collected under a lock
 * and woken after it is released), {@link dev.weft.net.internal.WakeFlag} (one kernel wake-up per
 * sleep, however many threads ask), {@link dev.weft.net.internal.SweepClock} (how often a poller
 * sweeps the slots of ended tasks) and the JFR event of a turn
 * ({@link dev.weft.net.internal.ReactorTurnEvent}).
 */
package dev.weft.net.internal;
