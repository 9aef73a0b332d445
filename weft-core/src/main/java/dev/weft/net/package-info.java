/**
 * Asynchronous networking: {@link dev.weft.net.Async} over any selectable channel, TCP
 * ({@link dev.weft.net.TcpListener}, {@link dev.weft.net.TcpStream}), UDP
 * ({@link dev.weft.net.UdpSocket}) and Unix-domain sockets ({@link dev.weft.net.UnixListener},
 * {@link dev.weft.net.UnixStream}).
 *
 * <h2>Maintainer overview</h2>
 * The TCP and UDP types hold an endpoint of {@code dev.weft.net.internal}
 * ({@code StreamEndpoint}, {@code ListenerEndpoint}, {@code DatagramEndpoint}), not a channel.
 * Which endpoint is decided once per bind or connect: the runtime's {@code NetProvider} if it
 * registered one (the epoll poller's {@code NativeNet}, or a simulation's network), else NIO's
 * ({@code dev.weft.net.internal.nio}). {@code Accept} (with its back-off) and {@code Connect}
 * (with its time limit) drive either kind, so a provider's listener that reports "Too many open
 * files" pauses as a real one does. Unix-domain sockets and {@code Async} channels are NIO's on
 * either poller: on an epoll runtime they are registered with the shared NIO reactor, driven by
 * the shared driver, not by the runtime's workers.
 *
 * <p>{@link dev.weft.net.Async} is NIO's public face: any selectable channel, registered with the
 * runtime's reactor ({@code dev.weft.net.internal.nio.Reactor}; outside any runtime, the shared
 * one). An operation is tried first; only when it would block does the task register its waker
 * in the channel's {@code Source} for one direction and return pending; the reactor wakes it when
 * the selector reports that direction ready, and the task tries again. {@code IoWith} is that
 * loop for {@code readWith}/{@code writeWith}. Every future that registered gives its slot back
 * when it completes or is cancelled. Completed socket operations spend one unit of the
 * cooperative budget ({@code dev.weft.internal.Coop}).
 */
package dev.weft.net;
