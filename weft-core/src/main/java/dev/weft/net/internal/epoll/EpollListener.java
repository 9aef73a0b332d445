package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.NativeSockets;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.future.Waker;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;

/**
 * A listening TCP socket of the native poller: {@code accept4} into non-blocking sockets, each
 * registered with the same {@link EpollPoller} and ready to read and write from the start.
 *
 * {@snippet :
 * StreamEndpoint s = listener.accept();          // null: nothing pending
 * if (s == null) listener.register(this, cx.waker());
 * }
 *
 * <p>Readiness: {@link #accept()} takes a snapshot of the read direction before the call and, on
 * {@code EAGAIN}, clears it unless a report came meanwhile; {@link #register} wakes the waiter at
 * once if the direction is ready by then (a connection arrived between the two calls), so no
 * connection waits unseen (see {@link EpollSource}). Errors as the JDK reports them: the
 * passing ones ({@code EMFILE}, {@code ENFILE}, {@code ENOBUFS}, {@code ENOMEM}, the network
 * errors accept(2) says to retry) as a plain {@code IOException}; {@code ECONNABORTED} and
 * {@code EINTR} are retried here.
 */
final class EpollListener extends EpollEndpoint implements ListenerEndpoint {
    private final EpollPoller poller;

    EpollListener(EpollPoller poller, EpollSource src) {
        super(src, "epoll listener");
        this.poller = poller;
    }

    /**
     * Binds and listens.
     *
     * @throws IOException if the address cannot be bound (the socket is closed)
     */
    static EpollListener bind(EpollPoller poller, SocketAddress local, int backlog) throws IOException {
        int fd = NativeSockets.listen(local, backlog, Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC);
        return new EpollListener(poller, poller.register(fd, 0));
    }

    @Override
    public StreamEndpoint accept() throws IOException {
        while (true) {
            long w = src.readiness();
            if (!EpollSource.ready(w, EpollSource.READ)) return null; // known drained: the caller registers
            int fd;
            int lfd = src.acquire();
            try {
                fd = Libc.accept4(src.readErrno, lfd, MemorySegment.NULL, MemorySegment.NULL, Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC);
            } finally {
                src.release();
            }
            if (fd >= 0) return new EpollStream(poller.register(fd, EpollSource.READ | EpollSource.WRITE));
            int errno = Libc.errno(src.readErrno);
            if (errno == Errno.EAGAIN) {
                src.clear(EpollSource.READ, w);
                return null;
            }
            if (errno == Errno.EINTR || errno == Errno.ECONNABORTED) continue;
            if (src.isClosed() || errno == Errno.EBADF || errno == Errno.EINVAL) throw new ClosedChannelException();
            throw new IOException(Libc.strerror(errno) + " (accept4, errno " + errno + ")");
        }
    }

    @Override
    public boolean register(Object owner, Waker waker) {
        return src.register(EpollSource.READ, owner, waker);
    }

    @Override
    public void deregister(Object owner) {
        src.deregister(EpollSource.READ, owner);
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        return NativeSockets.address(src, false);
    }
}
