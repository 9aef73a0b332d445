package dev.weft.net.internal.uring;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.net.internal.WakeList;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.SockAddr;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.SocketAddress;

/**
 * The future of a TCP connect on the io_uring poller: {@code socket}, then one
 * {@code IORING_OP_CONNECT} whose address lives in this op's own native memory (held by the
 * poller's table, so never freed before the completion).
 *
 * {@snippet :
 * StreamEndpoint s = await(new UringConnect(poller, new InetSocketAddress("127.0.0.1", 7000)));
 * }
 *
 * <h2>State (guarded by this)</h2>
 * <pre>
 * field       meaning
 * fd          the socket, owned by this future until it becomes a stream (or is closed); -1 before
 * inFlight    the connect op is in the kernel
 * res         its result once reaped (0: connected; a negated errno); RES_NONE before
 * cancelled   cancel() was called: the socket is closed when the op's completion comes (or now)
 * </pre>
 * Refused is a {@link java.net.ConnectException}, as with NIO. {@link #cancel()} never blocks: it
 * submits {@code IORING_OP_ASYNC_CANCEL}, and the completion closes the half-made socket.
 */
final class UringConnect extends UringOp implements IoFuture<StreamEndpoint> {
    private static final int RES_NONE = Integer.MIN_VALUE;

    private final UringPoller poller;
    private final SocketAddress remote;
    private MemorySegment addr;
    private int fd = -1;
    private boolean inFlight;
    private int res = RES_NONE;
    private boolean cancelled;
    private Waker waker;

    UringConnect(UringPoller poller, SocketAddress remote) {
        this.poller = poller;
        this.remote = remote;
    }

    @Override
    public Poll<StreamEndpoint> poll(Context cx) throws IOException {
        int r;
        synchronized (this) {
            if (fd < 0) start();
            if (res == RES_NONE) {
                waker = cx.waker();
                return Poll.pending();
            }
            r = res;
            if (r != 0) {
                closeSocket();
                throw Errno.exception(-r, "connect to " + remote);
            }
        }
        UringStream s = new UringStream(poller, fd);
        synchronized (this) {
            fd = Integer.MAX_VALUE; // the stream owns it now
        }
        poller.opened(s);
        return Poll.ready(s);
    }

    /** Under this: the socket and the connect op. */
    private void start() throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.errnoSegment(a);
            int s = Libc.socket(errno, SockAddr.family(remote), Libc.SOCK_STREAM | Libc.SOCK_CLOEXEC, 0);
            if (s < 0) throw Errno.exception(Libc.errno(errno), "socket");
            fd = s;
        }
        addr = Arena.ofAuto().allocate(SockAddr.SIZE);
        int len = SockAddr.encode(addr, remote);
        if (!poller.submit(this, Sys.OP_CONNECT, fd, addr.address(), 0, len, 0, 0)) {
            closeSocket();
            throw new IOException("the runtime's io_uring poller is closed");
        }
        inFlight = true;
    }

    @Override
    void complete(int r, int flags, WakeList out) {
        synchronized (this) {
            inFlight = false;
            res = r;
            if (cancelled || poller.isClosing()) closeSocket(); // nobody will take it
            if (waker != null) {
                out.add(waker);
                waker = null;
            }
        }
    }

    /** Under this. */
    private void closeSocket() {
        if (fd >= 0 && fd != Integer.MAX_VALUE) {
            try (Arena a = Arena.ofConfined()) {
                Libc.close(Libc.errnoSegment(a), fd);
            }
        }
        fd = Integer.MAX_VALUE;
    }

    /** @return whether the connect op is in the kernel (for tests) */
    synchronized boolean inFlight() {
        return inFlight;
    }

    @Override
    public void cancel() {
        synchronized (this) {
            if (cancelled) return;
            cancelled = true;
            waker = null;
            if (inFlight) poller.cancel(this); // the completion closes the socket
            else closeSocket();
        }
    }
}
