package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.SockAddr;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.SocketAddress;

/**
 * The future of a native TCP connect: {@code socket}, a non-blocking {@code connect}
 * ({@code EINPROGRESS}), then the poller's first report of the socket (writable once connected;
 * an error or hang-up if refused), then {@code SO_ERROR} for the outcome.
 *
 * {@snippet :
 * StreamEndpoint s = await(new EpollConnect(poller, new InetSocketAddress("127.0.0.1", 7000)));
 * }
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * started   false before the first poll
 * src       the socket while connecting, owned by this future; null before and after
 * </pre>
 * Failures as NIO's: refused is a {@link java.net.ConnectException}. On a failure or
 * {@link #cancel()} the half-made socket is closed, so nothing is left behind.
 */
final class EpollConnect implements IoFuture<StreamEndpoint> {
    private final EpollPoller poller;
    private final SocketAddress remote;
    private boolean started;
    private EpollSource src;

    EpollConnect(EpollPoller poller, SocketAddress remote) {
        this.poller = poller;
        this.remote = remote;
    }

    @Override
    public Poll<StreamEndpoint> poll(Context cx) throws IOException {
        try {
            if (!started) {
                started = true;
                if (start()) return done();
            }
            while (true) {
                long w = src.readyOrWait(EpollSource.WRITE, this, cx.waker());
                if (w < 0) return Poll.pending();
                int err = soError();
                if (err == 0) return done();
                if (err != Errno.EINPROGRESS && err != Errno.EALREADY) throw Errno.exception(err, "connect to " + remote);
                if (src.awaitAfter(EpollSource.WRITE, w, this, cx.waker())) return Poll.pending();
            }
        } catch (IOException | RuntimeException e) {
            cancel();
            throw e;
        }
    }

    /** @return whether the connect completed at once (else src waits for its first report) */
    private boolean start() throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.errnoSegment(a);
            MemorySegment addr = a.allocate(SockAddr.SIZE);
            int len = SockAddr.encode(addr, remote);
            int fd = Libc.socket(errno, SockAddr.family(remote), Libc.SOCK_STREAM | Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC, 0);
            if (fd < 0) throw Errno.exception(Libc.errno(errno), "socket");
            int r;
            do {
                r = Libc.connect(errno, fd, addr, len);
            } while (r < 0 && Libc.errno(errno) == Errno.EINTR);
            if (r == 0) {
                src = poller.register(fd, EpollSource.READ | EpollSource.WRITE);
                return true;
            }
            int e = Libc.errno(errno);
            if (e != Errno.EINPROGRESS) {
                Libc.close(errno, fd);
                throw Errno.exception(e, "connect to " + remote);
            }
            src = poller.register(fd, 0);
            return false;
        }
    }

    private int soError() throws IOException {
        int fd = src.acquire();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(ValueLayout.JAVA_INT);
            MemorySegment len = a.allocate(ValueLayout.JAVA_INT);
            len.set(ValueLayout.JAVA_INT, 0, 4);
            MemorySegment errno = Libc.errnoSegment(a);
            if (Libc.getsockopt(errno, fd, Libc.SOL_SOCKET, Libc.SO_ERROR, v, len) < 0) {
                throw Errno.exception(Libc.errno(errno), "getsockopt SO_ERROR");
            }
            return v.get(ValueLayout.JAVA_INT, 0);
        } finally {
            src.release();
        }
    }

    private Poll<StreamEndpoint> done() {
        src.deregister(EpollSource.WRITE, this);
        EpollStream s = new EpollStream(src);
        src = null;
        return Poll.ready(s);
    }

    @Override
    public void cancel() {
        if (src != null) {
            src.close();
            src = null;
        }
    }
}
