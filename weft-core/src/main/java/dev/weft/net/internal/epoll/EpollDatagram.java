package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.SockAddr;
import dev.weft.net.internal.linux.NativeSockets;
import dev.weft.net.internal.DatagramEndpoint;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * A UDP socket of the native poller: {@code sendto} / {@code recvfrom} straight from and into the
 * caller's buffer, each an {@link EpollOp}. A datagram larger than the buffer is cut to it (the
 * rest is dropped, as with NIO). {@code EINTR} is retried at once; an ICMP port unreachable surfaces as
 * {@link java.net.PortUnreachableException} on a connected socket, as NIO reports it.
 *
 * {@snippet :
 * EpollDatagram u = EpollDatagram.bind(poller, new InetSocketAddress("127.0.0.1", 0));
 * SocketAddress from = await(u.receiveFrom(buf));
 * }
 *
 * <p>Each call uses native memory of its own (the address), so sends and receives may run on two
 * threads at once; the errno segments are per direction (one sender and one receiver at a time,
 * as each future is polled by its owner).
 */
final class EpollDatagram implements DatagramEndpoint {
    private final EpollSource src;

    private EpollDatagram(EpollSource src) {
        this.src = src;
    }

    /** Binds a socket; the family is the address's. */
    static EpollDatagram bind(EpollPoller poller, SocketAddress local) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.errnoSegment(a);
            MemorySegment addr = a.allocate(SockAddr.SIZE);
            int len = SockAddr.encode(addr, local);
            int fd = Libc.socket(errno, SockAddr.family(local), Libc.SOCK_DGRAM | Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC, 0);
            if (fd < 0) throw Errno.exception(Libc.errno(errno), "socket");
            if (Libc.bind(errno, fd, addr, len) < 0) {
                IOException e = Errno.exception(Libc.errno(errno), "bind " + local);
                Libc.close(errno, fd);
                throw e;
            }
            return new EpollDatagram(poller.register(fd, EpollSource.READ | EpollSource.WRITE));
        }
    }

    @Override
    public IoFuture<Integer> sendTo(ByteBuffer buf, SocketAddress target) {
        return new EpollOp<>(src, EpollSource.WRITE, fd -> {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment addr = a.allocate(SockAddr.SIZE);
                int len = SockAddr.encode(addr, target);
                long n = uninterrupted(src.writeErrno, () -> Libc.sendto(src.writeErrno, fd, MemorySegment.ofBuffer(buf), buf.remaining(), Libc.MSG_NOSIGNAL, addr, len));
                return sent(buf, n, "sendto");
            }
        });
    }

    @Override
    public IoFuture<Integer> send(ByteBuffer buf) {
        return new EpollOp<>(src, EpollSource.WRITE, fd ->
                sent(buf, uninterrupted(src.writeErrno, () -> Libc.send(src.writeErrno, fd, MemorySegment.ofBuffer(buf), buf.remaining(), Libc.MSG_NOSIGNAL)), "send"));
    }

    private Integer sent(ByteBuffer buf, long n, String call) throws IOException {
        if (n >= 0) {
            buf.position(buf.position() + (int) n);
            return (int) n;
        }
        return retryOrThrow(Libc.errno(src.writeErrno), call);
    }

    @Override
    public IoFuture<SocketAddress> receiveFrom(ByteBuffer buf) {
        return new EpollOp<>(src, EpollSource.READ, fd -> {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment addr = a.allocate(SockAddr.SIZE);
                MemorySegment len = a.allocate(ValueLayout.JAVA_INT);
                len.set(ValueLayout.JAVA_INT, 0, SockAddr.SIZE);
                long n = uninterrupted(src.readErrno, () -> Libc.recvfrom(src.readErrno, fd, MemorySegment.ofBuffer(buf), buf.remaining(), 0, addr, len));
                if (n < 0) return retryOrThrow(Libc.errno(src.readErrno), "recvfrom");
                buf.position(buf.position() + (int) Math.min(n, buf.remaining()));
                return SockAddr.decode(addr);
            }
        });
    }

    @Override
    public IoFuture<Integer> receive(ByteBuffer buf) {
        return new EpollOp<>(src, EpollSource.READ, fd -> {
            long n = uninterrupted(src.readErrno, () -> Libc.recv(src.readErrno, fd, MemorySegment.ofBuffer(buf), buf.remaining(), 0));
            if (n < 0) return retryOrThrow(Libc.errno(src.readErrno), "recv");
            int got = (int) Math.min(n, buf.remaining());
            buf.position(buf.position() + got);
            return got;
        });
    }

    /** One system call answering a count, or -1 with errno set. */
    @FunctionalInterface
    private interface Syscall {
        long call();
    }

    /** @return what {@code c} answered, calling it again while it is interrupted ({@code EINTR}) */
    private static long uninterrupted(MemorySegment errno, Syscall c) {
        long n;
        do {
            n = c.call();
        } while (n < 0 && Libc.errno(errno) == Errno.EINTR);
        return n;
    }

    /** @return {@code null} for {@code EAGAIN} (wait for readiness); throws otherwise */
    private static <R> R retryOrThrow(int errno, String call) throws IOException {
        if (errno == Errno.EAGAIN) return null;
        throw Errno.datagramException(errno, call);
    }

    @Override
    public void connect(SocketAddress peer) throws IOException {
        int fd = src.acquire();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment addr = a.allocate(SockAddr.SIZE);
            int len = SockAddr.encode(addr, peer);
            MemorySegment errno = Libc.errnoSegment(a);
            if (Libc.connect(errno, fd, addr, len) < 0) throw Errno.exception(Libc.errno(errno), "connect " + peer);
        } finally {
            src.release();
        }
    }

    @Override
    public InetSocketAddress localAddress() throws IOException {
        return NativeSockets.address(src, false);
    }

    @Override
    public void close() {
        src.close();
    }

    @Override
    public String toString() {
        return "epoll datagram socket, " + src;
    }
}
