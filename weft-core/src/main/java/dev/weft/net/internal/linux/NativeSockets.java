package dev.weft.net.internal.linux;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.net.StandardSocketOptions;

/**
 * What the native sockets share: their addresses ({@code getsockname} / {@code getpeername}) and
 * their options, mapped from {@link StandardSocketOptions} to {@code setsockopt} levels and names.
 *
 * {@snippet :
 * NativeSockets.setOption(src, StandardSocketOptions.TCP_NODELAY, true);
 * InetSocketAddress local = NativeSockets.address(src, false);
 * }
 *
 * <p>Supported: {@code TCP_NODELAY}, {@code SO_KEEPALIVE}, {@code SO_REUSEADDR}, {@code SO_REUSEPORT},
 * {@code SO_SNDBUF}, {@code SO_RCVBUF}, {@code SO_LINGER} (negative: off), {@code SO_BROADCAST},
 * {@code IP_TOS}; any other option throws {@link UnsupportedOperationException}, as NIO does for an
 * option its channel does not support.
 */
public final class NativeSockets {
    private static final int IPPROTO_IP = 0;
    private static final int IP_TOS = 1;

    private NativeSockets() {}

    /** A socket option as {@code setsockopt} names it. */
    private record Native(int level, int name, boolean bool, boolean linger) {}

    private static Native lookup(SocketOption<?> name) {
        if (name == StandardSocketOptions.TCP_NODELAY) return new Native(Libc.IPPROTO_TCP, Libc.TCP_NODELAY, true, false);
        if (name == StandardSocketOptions.SO_KEEPALIVE) return new Native(Libc.SOL_SOCKET, Libc.SO_KEEPALIVE, true, false);
        if (name == StandardSocketOptions.SO_REUSEADDR) return new Native(Libc.SOL_SOCKET, Libc.SO_REUSEADDR, true, false);
        if (name == StandardSocketOptions.SO_REUSEPORT) return new Native(Libc.SOL_SOCKET, Libc.SO_REUSEPORT, true, false);
        if (name == StandardSocketOptions.SO_BROADCAST) return new Native(Libc.SOL_SOCKET, Libc.SO_BROADCAST, true, false);
        if (name == StandardSocketOptions.SO_SNDBUF) return new Native(Libc.SOL_SOCKET, Libc.SO_SNDBUF, false, false);
        if (name == StandardSocketOptions.SO_RCVBUF) return new Native(Libc.SOL_SOCKET, Libc.SO_RCVBUF, false, false);
        if (name == StandardSocketOptions.SO_LINGER) return new Native(Libc.SOL_SOCKET, Libc.SO_LINGER, false, true);
        if (name == StandardSocketOptions.IP_TOS) return new Native(IPPROTO_IP, IP_TOS, false, false);
        throw new UnsupportedOperationException("'" + name + "' is not supported by the native sockets");
    }

    /**
     * @param src the socket
     * @param peer {@code getpeername} (true) or {@code getsockname}
     * @return the address
     * @throws IOException if the socket is closed or the call fails
     */
    public static InetSocketAddress address(SocketFd src, boolean peer) throws IOException {
        int fd = src.acquire();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(SockAddr.SIZE);
            MemorySegment len = a.allocate(ValueLayout.JAVA_INT);
            len.set(ValueLayout.JAVA_INT, 0, SockAddr.SIZE);
            MemorySegment errno = Libc.errnoSegment(a);
            int r = peer ? Libc.getpeername(errno, fd, buf, len) : Libc.getsockname(errno, fd, buf, len);
            if (r < 0) throw Errno.exception(Libc.errno(errno), peer ? "getpeername" : "getsockname");
            return SockAddr.decode(buf);
        } finally {
            src.release();
        }
    }

    /** @see java.nio.channels.NetworkChannel#getOption */
    @SuppressWarnings("unchecked")
    public static <T> T getOption(SocketFd src, SocketOption<T> name) throws IOException {
        Native n = lookup(name);
        int fd = src.acquire();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(8);
            MemorySegment len = a.allocate(ValueLayout.JAVA_INT);
            len.set(ValueLayout.JAVA_INT, 0, n.linger ? 8 : 4);
            MemorySegment errno = Libc.errnoSegment(a);
            if (Libc.getsockopt(errno, fd, n.level, n.name, v, len) < 0) throw Errno.exception(Libc.errno(errno), "getsockopt " + name);
            int first = v.get(ValueLayout.JAVA_INT, 0);
            Object out;
            if (n.linger) out = first == 0 ? -1 : v.get(ValueLayout.JAVA_INT, 4);
            else if (n.bool) out = first != 0;
            else out = first;
            return (T) out;
        } finally {
            src.release();
        }
    }

    /** @see java.nio.channels.NetworkChannel#setOption */
    public static <T> void setOption(SocketFd src, SocketOption<T> name, T value) throws IOException {
        Native n = lookup(name);
        if (value == null) throw new IllegalArgumentException("Invalid value 'null'");
        int fd = src.acquire();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(8);
            int len = 4;
            if (n.linger) {
                int secs = (Integer) value;
                v.set(ValueLayout.JAVA_INT, 0, secs < 0 ? 0 : 1);
                v.set(ValueLayout.JAVA_INT, 4, Math.max(0, secs));
                len = 8;
            } else if (n.bool) {
                v.set(ValueLayout.JAVA_INT, 0, (Boolean) value ? 1 : 0);
            } else {
                int i = (Integer) value;
                if (i < 0) throw new IllegalArgumentException("Invalid value '" + i + "' for " + name);
                v.set(ValueLayout.JAVA_INT, 0, i);
            }
            MemorySegment errno = Libc.errnoSegment(a);
            if (Libc.setsockopt(errno, fd, n.level, n.name, v, len) < 0) throw Errno.exception(Libc.errno(errno), "setsockopt " + name);
        } finally {
            src.release();
        }
    }

    /**
     * A listening TCP socket: {@code socket}, {@code SO_REUSEADDR}, {@code bind}, {@code listen}.
     *
     * @param local the address; port 0 picks a free port
     * @param backlog the most connections that may wait to be accepted
     * @param flags {@code SOCK_*} flags besides {@code SOCK_STREAM} ({@code SOCK_NONBLOCK}, {@code SOCK_CLOEXEC})
     * @return the descriptor, owned by the caller
     * @throws IOException if a call fails (the socket is closed)
     */
    public static int listen(SocketAddress local, int backlog, int flags) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.errnoSegment(a);
            MemorySegment addr = a.allocate(SockAddr.SIZE);
            int len = SockAddr.encode(addr, local);
            int fd = Libc.socket(errno, SockAddr.family(local), Libc.SOCK_STREAM | flags, 0);
            if (fd < 0) throw Errno.exception(Libc.errno(errno), "socket");
            if (!setInt(errno, fd, Libc.SOL_SOCKET, Libc.SO_REUSEADDR, 1)
                    || Libc.bind(errno, fd, addr, len) < 0
                    || Libc.listen(errno, fd, backlog) < 0) {
                IOException e = Errno.exception(Libc.errno(errno), "bind " + local);
                Libc.close(errno, fd);
                throw e;
            }
            return fd;
        }
    }

    /**
     * Sets an int option on a descriptor not yet registered (a new listener's {@code SO_REUSEADDR}).
     *
     * @return whether it succeeded; errno in {@code errno}
     */
    public static boolean setInt(MemorySegment errno, int fd, int level, int name, int value) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(ValueLayout.JAVA_INT);
            v.set(ValueLayout.JAVA_INT, 0, value);
            return Libc.setsockopt(errno, fd, level, name, v, 4) == 0;
        }
    }
}
