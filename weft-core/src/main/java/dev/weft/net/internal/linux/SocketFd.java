package dev.weft.net.internal.linux;

import java.nio.channels.ClosedChannelException;

/**
 * A native socket's descriptor behind a guard: between {@link #acquire()} and {@link #release()}
 * the descriptor stays open (its number is not reused by the kernel), so a system call made with
 * it cannot reach another socket. Epoll's {@code EpollSource} and io_uring's sockets implement it;
 * {@link NativeSockets} calls through it.
 *
 * {@snippet :
 * int fd = socket.acquire();
 * try { Libc.shutdown(errno, fd, Libc.SHUT_WR); } finally { socket.release(); }
 * }
 */
public interface SocketFd {
    /**
     * @return the descriptor, held open until {@link #release()}
     * @throws ClosedChannelException if the socket is closing or closed
     */
    int acquire() throws ClosedChannelException;

    /** Ends a call begun by {@link #acquire()}. */
    void release();
}
