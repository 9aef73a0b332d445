package dev.weft.net.internal.uring;

import dev.weft.future.Waker;
import dev.weft.future.internal.Wakes;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.net.internal.Waiters;
import dev.weft.net.internal.WakeList;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.NativeSockets;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;

/**
 * A listening TCP socket of the io_uring poller: one multishot {@code IORING_OP_ACCEPT}
 * ({@code IORING_ACCEPT_MULTISHOT}), armed by the first {@link #accept()} that finds nothing,
 * posts a completion per connection; the descriptors wait in a queue for the listener's accept
 * futures. The kernel op belongs to the listener, not to an accept future: a cancelled accept
 * drops its waker only, and a connection accepted meanwhile waits for the next accept. The op is
 * cancelled ({@code IORING_OP_ASYNC_CANCEL}) when the queue holds {@value #QUEUE_LIMIT}
 * connections (re-armed when it drains) and when the listener closes.
 *
 * {@snippet :
 * StreamEndpoint s = listener.accept();          // null: nothing queued (the accept op is armed)
 * if (s == null) listener.register(this, cx.waker());
 * }
 *
 * <h2>State (guarded by this)</h2>
 * <pre>
 * accepting   the accept op is in flight (until a completion without IORING_CQE_F_MORE)
 * queue       accepted descriptors not yet taken; closed with the listener
 * error       an accept failed with this errno: the next accept() throws it once (EMFILE and the
 *             like as a plain IOException, so the accept future pauses and retries)
 * waiters     the accept futures waiting, one slot per owner
 * </pre>
 */
final class UringListener extends UringSocket implements ListenerEndpoint {
    /** The most accepted connections kept waiting before the accept op is paused. */
    static final int QUEUE_LIMIT = 1024;

    private final UringOp acceptOp = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            acceptDone(res, flags, out);
        }
    };
    private int[] queue = new int[16];
    private int head;
    private int count;
    private boolean accepting;
    private int error;
    private final Waiters waiters = new Waiters();

    private UringListener(UringPoller poller, int fd) {
        super(poller, fd);
    }

    /**
     * Binds and listens.
     *
     * @throws IOException if the address cannot be bound (the socket is closed)
     */
    static UringListener bind(UringPoller poller, SocketAddress local, int backlog) throws IOException {
        UringListener l = new UringListener(poller, NativeSockets.listen(local, backlog, Libc.SOCK_CLOEXEC));
        poller.opened(l);
        return l;
    }

    @Override
    public StreamEndpoint accept() throws IOException {
        int fd;
        synchronized (this) {
            if (closedLocked()) throw new ClosedChannelException();
            if (count == 0) {
                if (error != 0) {
                    int e = error;
                    error = 0;
                    throw Errno.exception(e, "accept");
                }
                if (!accepting) arm();
                return null;
            }
            fd = queue[head];
            head = (head + 1) % queue.length;
            count--;
        }
        UringStream s = new UringStream(poller, fd);
        poller.opened(s);
        return s;
    }

    /** Under this. */
    private void arm() throws ClosedChannelException {
        if (!poller.submit(acceptOp, Sys.OP_ACCEPT, fd, 0, 0, 0, Libc.SOCK_CLOEXEC, Sys.ACCEPT_MULTISHOT)) {
            throw new ClosedChannelException();
        }
        accepting = true;
        opStarted();
    }

    private void acceptDone(int res, int flags, WakeList out) {
        synchronized (this) {
            boolean last = (flags & Sys.CQE_F_MORE) == 0;
            if (res >= 0) {
                if (closedLocked()) closeQuietly(res);
                else enqueue(res);
            } else if (res != -Sys.ECANCELED && res != -Errno.ECONNABORTED && res != -Errno.EINTR && res != -Errno.EAGAIN) {
                error = -res;
            }
            if (last) {
                accepting = false;
                opEnded();
            } else if (count >= QUEUE_LIMIT) {
                poller.cancel(acceptOp); // re-armed by the accept() that finds the queue empty
            }
            waiters.drainTo(out);
        }
    }

    /** Under this. */
    private void enqueue(int fd) {
        if (count == queue.length) {
            int[] q = new int[queue.length * 2];
            for (int i = 0; i < count; i++) q[i] = queue[(head + i) % queue.length];
            queue = q;
            head = 0;
        }
        queue[(head + count) % queue.length] = fd;
        count++;
    }

    private static void closeQuietly(int fd) {
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.errnoSegment(a), fd);
        }
    }

    @Override
    public boolean register(Object owner, Waker waker) {
        synchronized (this) {
            if (closedLocked()) return false;
            if (count == 0 && error == 0) {
                waiters.put(owner, waker);
                return true;
            }
            waiters.remove(owner);
        }
        Wakes.wake(waker); // a connection came between accept() and this: look again
        return true;
    }

    @Override
    public synchronized void deregister(Object owner) {
        waiters.remove(owner);
    }

    @Override
    public synchronized int waiterCount() {
        return waiters.size();
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        return NativeSockets.address(this, false);
    }

    @Override
    synchronized void sweepDead() {
        waiters.sweepDead();
    }

    @Override
    void onClose(WakeList out) {
        if (accepting) poller.cancel(acceptOp);
        for (; count > 0; count--, head = (head + 1) % queue.length) closeQuietly(queue[head]);
        waiters.drainTo(out);
    }

    @Override
    public String toString() {
        return "io_uring listener, fd " + fd + (isClosed() ? " (closed)" : "");
    }
}
