/**
 * The native epoll poller, through the Foreign Function and Memory API; not exported.
 *
 * <ul>
 *   <li>{@link dev.weft.net.internal.epoll.EpollPoller}: one epoll instance and an eventfd to wake
 *       it; every socket registered once, edge-triggered, for both directions.</li>
 *   <li>{@link dev.weft.net.internal.epoll.EpollSource}: one socket's readiness and waiters; its
 *       state table and the no-lost-wake-up argument are at the top of that class.</li>
 *   <li>The endpoints, handed out by {@link dev.weft.net.internal.epoll.NativeNet} (the runtime's
 *       {@code NetProvider}): {@link dev.weft.net.internal.epoll.EpollStream},
 *       {@link dev.weft.net.internal.epoll.EpollListener},
 *       {@link dev.weft.net.internal.epoll.EpollDatagram}, and the connect future
 *       {@link dev.weft.net.internal.epoll.EpollConnect}.</li>
 *   <li>The system calls: those shared with the io_uring poller are in
 *       {@code dev.weft.net.internal.linux} ({@link dev.weft.net.internal.linux.Libc},
 *       {@link dev.weft.net.internal.linux.NativeSockets}, {@link dev.weft.net.internal.linux.SockAddr},
 *       {@link dev.weft.net.internal.linux.Errno}).</li>
 * </ul>
 */
package dev.weft.net.internal.epoll;
