package dev.weft.net.internal.uring;

import dev.weft.net.internal.WakeList;
import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.SocketFd;
import java.lang.foreign.Arena;
import java.nio.channels.ClosedChannelException;

/**
 * What the io_uring sockets (listener, stream) share: the descriptor, how many ring operations
 * and direct calls use it, and a close that waits for both before the descriptor goes (through
 * {@code IORING_OP_CLOSE}), so the kernel never reuses the number while an operation of ours may
 * still name it, and never writes into a buffer given back.
 *
 * {@snippet :
 * synchronized (socket) { socket.opStarted(); poller.submit(op, ...); }
 * // ... the op's completion:
 * synchronized (socket) { socket.opEnded(); }   // closes the fd if the socket was closed meanwhile
 * }
 *
 * <h2>State (guarded by this)</h2>
 * <pre>
 * field    meaning
 * ops      ring operations in flight on fd (started by submit, ended by their last completion)
 * calls    direct system calls in flight ({@link #acquire()} .. {@link #release()}: options, addresses)
 * closed   close() was called: no new op or call; the ops in flight are being cancelled
 * fdGone   the descriptor's close was submitted (or done): set once, when closed, ops = 0, calls = 0
 * </pre>
 * <pre>
 * transition        from                          to              by
 * opStarted         !closed                       ops+1           the op's owner, under this
 * opEnded           ops &gt; 0                       ops-1           the reaping thread, under this
 * acquire/release   !closed                       calls+1 / -1    any thread
 * close()           !closed                       closed          any thread: cancelOps, wake waiters
 * release fd        closed, ops=0, calls=0        fdGone          whichever of the above came last
 * </pre>
 */
abstract class UringSocket implements SocketFd {
    final UringPoller poller;
    final int fd;
    private int ops;
    private int calls;
    private boolean closed;
    private boolean fdGone;
    private final UringOp closeOp = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            poller.released(UringSocket.this); // on Linux the fd is gone even if close failed
        }
    };

    UringSocket(UringPoller poller, int fd) {
        this.poller = poller;
        this.fd = fd;
    }

    @Override
    public synchronized int acquire() throws ClosedChannelException {
        if (closed) throw new ClosedChannelException();
        calls++;
        return fd;
    }

    @Override
    public synchronized void release() {
        calls--;
        releaseIfDone();
    }

    /** Under this: an op on the fd was submitted. */
    final void opStarted() {
        ops++;
    }

    /** Under this: an op on the fd reaped its last completion. */
    final void opEnded() {
        ops--;
        releaseIfDone();
    }

    /** @return whether {@link #close()} was called (under this) */
    final boolean closedLocked() {
        return closed;
    }

    /** @return whether {@link #close()} was called */
    public final synchronized boolean isClosed() {
        return closed;
    }

    /**
     * Closes the socket: its waiters wake (their next poll throws
     * {@link ClosedChannelException}), its ops in flight are cancelled, and the descriptor is
     * closed through the ring once none remains. Idempotent; never blocks.
     */
    public final void close() {
        WakeList out = new WakeList();
        synchronized (this) {
            if (closed) return;
            closed = true;
            onClose(out);
            releaseIfDone();
        }
        out.wakeAll();
    }

    /** Drops the waiters whose tasks have ended (their futures forgot to cancel); the poller's sweep. */
    abstract void sweepDead();

    /** Under this, once: cancel the ops in flight, give idle buffers back, move the waiters to {@code out}. */
    abstract void onClose(WakeList out);

    private void releaseIfDone() {
        if (!closed || ops > 0 || calls > 0 || fdGone) return;
        fdGone = true;
        if (!poller.submit(closeOp, Sys.OP_CLOSE, fd, 0, 0, 0, 0, 0)) closeNow();
    }

    /**
     * The poller is closing and no ring op of this socket is left to wait for: closes the
     * descriptor now with a plain {@code close}, unless its close was submitted already.
     */
    final synchronized void closeIfNotGone() {
        closed = true;
        if (fdGone) return;
        fdGone = true;
        closeNow();
    }

    /** The ring refused the close (the runtime closed): closes the descriptor with a plain {@code close}. */
    private void closeNow() {
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.errnoSegment(a), fd);
        }
        poller.released(this);
    }
}
