/**
 * Asynchronous networking: {@link dev.weft.net.Async} over any selectable channel, TCP
 * ({@link dev.weft.net.TcpListener}, {@link dev.weft.net.TcpStream}), UDP
 * ({@link dev.weft.net.UdpSocket}) and Unix-domain sockets ({@link dev.weft.net.UnixListener},
 * {@link dev.weft.net.UnixStream}).
 *
 * <h2>Maintainer overview</h2>
 * With the NIO poller every socket is an {@code Async<channel>}: a non-blocking NIO channel
 * registered with the runtime's reactor ({@code dev.weft.net.internal.Reactor}; outside any
 * runtime, the shared one). With the epoll poller the TCP and UDP types hold native endpoints
 * instead (below). An operation is tried first; only
 * when it would block does the task register its waker in the channel's {@code Source} for one
 * direction and return pending; the reactor wakes it when the selector reports that direction
 * ready, and the task tries again. {@code IoWith} is that loop for {@code readWith}/{@code
 * writeWith}; {@code StreamIo} is the allocation-free form behind the streams' {@code pollRead}
 * and {@code pollWrite}, with a per-side readiness cache (a short read means the receive buffer is
 * empty, so the next read waits for the reactor without the system call that would return 0); {@code Accept} and {@code Connect} are the listener's and the connector's
 * futures. Every future that registered gives its slot back when it completes or is cancelled.
 * Completed socket operations spend one unit of the cooperative budget
 * ({@code dev.weft.internal.Coop}).
 *
 * <p>The TCP and UDP types hold an endpoint interface of {@code dev.weft.net.internal}
 * ({@code StreamEndpoint}, {@code ListenerEndpoint}, {@code DatagramEndpoint}), not a channel:
 * {@code StreamIo}, {@code NioListener} and {@code NioDatagram} are NIO's; a runtime that
 * registers a {@code NetProvider} among its drivers gets its own from {@code bind}/{@code connect},
 * checked once per bind or connect: the epoll poller's ({@code NativeNet}: {@code EpollStream},
 * {@code EpollListener}, {@code EpollDatagram}) or a simulation's. {@code Accept} (with its
 * back-off) and {@code Connect} (with its time limit) drive either kind, so a provider's listener
 * that reports "Too many open files" pauses as a real one does.
 */
package dev.weft.net;
