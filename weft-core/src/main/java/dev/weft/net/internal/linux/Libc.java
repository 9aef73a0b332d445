package dev.weft.net.internal.linux;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The C library functions the native poller and sockets call, bound once through the Foreign
 * Function &amp; Memory API (no JNI, no library of our own), with {@code errno} captured per call.
 *
 * {@snippet :
 * MemorySegment errno = Libc.errnoSegment(Arena.ofAuto());
 * int fd = Libc.socket(errno, Libc.AF_INET, Libc.SOCK_STREAM | Libc.SOCK_NONBLOCK | Libc.SOCK_CLOEXEC, 0);
 * if (fd < 0) throw Errno.exception(Libc.errno(errno), "socket");
 * }
 *
 * <p>Each binding takes, first, a segment of {@link #errnoSegment} into which the call stores
 * {@code errno} (read it with {@link #errno}); a caller keeps one per thread that may call at the
 * same time (a stream has one for its read side and one for its write side), so no call allocates.
 * {@code recv} and {@code send} are <em>critical</em> ({@code Linker.Option.critical(true)}): they
 * never block (every socket here is non-blocking), and so may read and write a heap buffer in
 * place, without a copy through native memory.
 *
 * <p>The constants are Linux's, the same on x86-64 and aarch64 (the generic ABI), except the
 * layout of {@code struct epoll_event}: packed to 12 bytes on x86-64, 16 on other architectures.
 * {@link #AVAILABLE} is false elsewhere than Linux on those two, or when a symbol is missing;
 * {@link #UNAVAILABLE_REASON} says why.
 */
public final class Libc {
    public static final int AF_INET = 2;
    public static final int AF_INET6 = 10;
    public static final int SOCK_STREAM = 1;
    public static final int SOCK_DGRAM = 2;
    public static final int SOCK_NONBLOCK = 0x800;
    public static final int SOCK_CLOEXEC = 0x80000;
    public static final int SOL_SOCKET = 1;
    public static final int SO_REUSEADDR = 2;
    public static final int SO_ERROR = 4;
    public static final int SO_BROADCAST = 6;
    public static final int SO_SNDBUF = 7;
    public static final int SO_RCVBUF = 8;
    public static final int SO_KEEPALIVE = 9;
    public static final int SO_LINGER = 13;
    public static final int SO_REUSEPORT = 15;
    public static final int IPPROTO_TCP = 6;
    public static final int IPPROTO_IPV6 = 41;
    public static final int TCP_NODELAY = 1;
    public static final int IPV6_V6ONLY = 26;
    public static final int SHUT_WR = 1;
    public static final int MSG_NOSIGNAL = 0x4000;
    public static final int EPOLL_CLOEXEC = 0x80000;
    public static final int EPOLL_CTL_ADD = 1;
    public static final int EPOLL_CTL_DEL = 2;
    public static final int EPOLLIN = 0x001;
    public static final int EPOLLOUT = 0x004;
    public static final int EPOLLERR = 0x008;
    public static final int EPOLLHUP = 0x010;
    public static final int EPOLLRDHUP = 0x2000;
    public static final int EPOLLET = 1 << 31;
    public static final int EFD_NONBLOCK = 0x800;
    public static final int EFD_CLOEXEC = 0x80000;

    /** Whether the bindings loaded (Linux on x86-64 or aarch64, every symbol found). */
    public static final boolean AVAILABLE;
    /** Why not, when {@link #AVAILABLE} is false; otherwise null. */
    public static final String UNAVAILABLE_REASON;

    /** {@code struct epoll_event}: {@code uint32_t events; uint64_t data} (packed on x86-64). */
    public static final MemoryLayout EPOLL_EVENT;
    private static final VarHandle EV_EVENTS;
    private static final VarHandle EV_DATA;
    private static final MemoryLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle SOCKET;
    private static final MethodHandle BIND;
    private static final MethodHandle LISTEN;
    private static final MethodHandle ACCEPT4;
    private static final MethodHandle CONNECT;
    private static final MethodHandle RECV;
    private static final MethodHandle SEND;
    private static final MethodHandle RECVFROM;
    private static final MethodHandle SENDTO;
    private static final MethodHandle SHUTDOWN;
    private static final MethodHandle CLOSE;
    private static final MethodHandle SETSOCKOPT;
    private static final MethodHandle GETSOCKOPT;
    private static final MethodHandle GETSOCKNAME;
    private static final MethodHandle GETPEERNAME;
    private static final MethodHandle EPOLL_CREATE1;
    private static final MethodHandle EPOLL_CTL;
    private static final MethodHandle EPOLL_WAIT;
    private static final MethodHandle EVENTFD;
    private static final MethodHandle WRITE;
    private static final MethodHandle STRERROR;

    static {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        boolean a64 = arch.equals("aarch64");
        MethodHandle[] h = new MethodHandle[21];
        String reason = null;
        if (!linux || !(x64 || a64)) {
            reason = "the native poller needs Linux on x86-64 or aarch64, not " + System.getProperty("os.name") + " on " + arch;
        }
        EPOLL_EVENT = x64
                ? MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("events"),
                        ValueLayout.JAVA_LONG.withByteAlignment(4).withName("data"))
                : MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("events"), MemoryLayout.paddingLayout(4),
                        ValueLayout.JAVA_LONG.withName("data"));
        EV_EVENTS = EPOLL_EVENT.varHandle(MemoryLayout.PathElement.groupElement("events"));
        EV_DATA = EPOLL_EVENT.varHandle(MemoryLayout.PathElement.groupElement("data"));
        if (reason == null) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                ValueLayout I = ValueLayout.JAVA_INT;
                ValueLayout L = ValueLayout.JAVA_LONG;
                ValueLayout P = ValueLayout.ADDRESS;
                Binder b = (name, fd, options) -> linker.downcallHandle(libc.findOrThrow(name), fd, options);
                h[0] = b.bind("socket", FunctionDescriptor.of(I, I, I, I), errno);
                h[1] = b.bind("bind", FunctionDescriptor.of(I, I, P, I), errno);
                h[2] = b.bind("listen", FunctionDescriptor.of(I, I, I), errno);
                h[3] = b.bind("accept4", FunctionDescriptor.of(I, I, P, P, I), errno);
                h[4] = b.bind("connect", FunctionDescriptor.of(I, I, P, I), errno);
                Linker.Option critical = Linker.Option.critical(true);
                h[5] = b.bind("recv", FunctionDescriptor.of(L, I, P, L, I), errno, critical);
                h[6] = b.bind("send", FunctionDescriptor.of(L, I, P, L, I), errno, critical);
                h[7] = b.bind("recvfrom", FunctionDescriptor.of(L, I, P, L, I, P, P), errno, critical);
                h[8] = b.bind("sendto", FunctionDescriptor.of(L, I, P, L, I, P, I), errno, critical);
                h[9] = b.bind("shutdown", FunctionDescriptor.of(I, I, I), errno);
                h[10] = b.bind("close", FunctionDescriptor.of(I, I), errno);
                h[11] = b.bind("setsockopt", FunctionDescriptor.of(I, I, I, I, P, I), errno);
                h[12] = b.bind("getsockopt", FunctionDescriptor.of(I, I, I, I, P, P), errno);
                h[13] = b.bind("getsockname", FunctionDescriptor.of(I, I, P, P), errno);
                h[14] = b.bind("getpeername", FunctionDescriptor.of(I, I, P, P), errno);
                h[15] = b.bind("epoll_create1", FunctionDescriptor.of(I, I), errno);
                h[16] = b.bind("epoll_ctl", FunctionDescriptor.of(I, I, I, I, P), errno);
                h[17] = b.bind("epoll_wait", FunctionDescriptor.of(I, I, P, I, I), errno);
                h[18] = b.bind("eventfd", FunctionDescriptor.of(I, I, I), errno);
                h[19] = b.bind("write", FunctionDescriptor.of(L, I, P, L), errno);
                h[20] = b.bind("strerror", FunctionDescriptor.of(P, I));
            } catch (RuntimeException | LinkageError e) {
                reason = "the native poller could not bind the C library: " + e;
            }
        }
        AVAILABLE = reason == null;
        UNAVAILABLE_REASON = reason;
        SOCKET = h[0];
        BIND = h[1];
        LISTEN = h[2];
        ACCEPT4 = h[3];
        CONNECT = h[4];
        RECV = h[5];
        SEND = h[6];
        RECVFROM = h[7];
        SENDTO = h[8];
        SHUTDOWN = h[9];
        CLOSE = h[10];
        SETSOCKOPT = h[11];
        GETSOCKOPT = h[12];
        GETSOCKNAME = h[13];
        GETPEERNAME = h[14];
        EPOLL_CREATE1 = h[15];
        EPOLL_CTL = h[16];
        EPOLL_WAIT = h[17];
        EVENTFD = h[18];
        WRITE = h[19];
        STRERROR = h[20];
    }

    /** Binds one symbol. */
    @FunctionalInterface
    private interface Binder {
        MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options);
    }

    private Libc() {}

    /**
     * Binds a function of the C library (for the io_uring poller's {@code syscall}, {@code mmap}).
     *
     * @param name the symbol
     * @param fd its descriptor
     * @param options the linker's options (errno capture, variadic arguments)
     * @return the bound function
     * @throws java.util.NoSuchElementException if the C library has no such symbol
     */
    public static MethodHandle downcall(String name, FunctionDescriptor fd, Linker.Option... options) {
        Linker linker = Linker.nativeLinker();
        return linker.downcallHandle(linker.defaultLookup().findOrThrow(name), fd, options);
    }

    /**
     * @param arena where the segment lives
     * @return a segment a call stores its {@code errno} into
     */
    public static MemorySegment errnoSegment(Arena arena) {
        return arena.allocate(CAPTURE);
    }

    /**
     * @param capture a segment of {@link #errnoSegment}
     * @return the {@code errno} the last call with it stored
     */
    public static int errno(MemorySegment capture) {
        return (int) ERRNO.get(capture, 0L);
    }

    /** @return the {@code events} of the {@code i}-th {@code epoll_event} in {@code events} */
    public static int eventMask(MemorySegment events, int i) {
        return (int) EV_EVENTS.get(events, i * EPOLL_EVENT.byteSize());
    }

    /** @return the {@code data} of the {@code i}-th {@code epoll_event} in {@code events} */
    public static long eventData(MemorySegment events, int i) {
        return (long) EV_DATA.get(events, i * EPOLL_EVENT.byteSize());
    }

    /** Fills the {@code epoll_event} at the start of {@code ev}. */
    public static void setEvent(MemorySegment ev, int mask, long data) {
        EV_EVENTS.set(ev, 0L, mask);
        EV_DATA.set(ev, 0L, data);
    }

    /**
     * @param errno an error number
     * @return its text, as the C library gives it (in the process's locale)
     */
    public static String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) STRERROR.invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    public static int socket(MemorySegment e, int domain, int type, int protocol) {
        try {
            return (int) SOCKET.invokeExact(e, domain, type, protocol);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int bind(MemorySegment e, int fd, MemorySegment addr, int len) {
        try {
            return (int) BIND.invokeExact(e, fd, addr, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int listen(MemorySegment e, int fd, int backlog) {
        try {
            return (int) LISTEN.invokeExact(e, fd, backlog);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int accept4(MemorySegment e, int fd, MemorySegment addr, MemorySegment len, int flags) {
        try {
            return (int) ACCEPT4.invokeExact(e, fd, addr, len, flags);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int connect(MemorySegment e, int fd, MemorySegment addr, int len) {
        try {
            return (int) CONNECT.invokeExact(e, fd, addr, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static long recv(MemorySegment e, int fd, MemorySegment buf, long len, int flags) {
        try {
            return (long) RECV.invokeExact(e, fd, buf, len, flags);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static long send(MemorySegment e, int fd, MemorySegment buf, long len, int flags) {
        try {
            return (long) SEND.invokeExact(e, fd, buf, len, flags);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static long recvfrom(MemorySegment e, int fd, MemorySegment buf, long len, int flags, MemorySegment addr, MemorySegment addrLen) {
        try {
            return (long) RECVFROM.invokeExact(e, fd, buf, len, flags, addr, addrLen);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static long sendto(MemorySegment e, int fd, MemorySegment buf, long len, int flags, MemorySegment addr, int addrLen) {
        try {
            return (long) SENDTO.invokeExact(e, fd, buf, len, flags, addr, addrLen);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int shutdown(MemorySegment e, int fd, int how) {
        try {
            return (int) SHUTDOWN.invokeExact(e, fd, how);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int close(MemorySegment e, int fd) {
        try {
            return (int) CLOSE.invokeExact(e, fd);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int setsockopt(MemorySegment e, int fd, int level, int name, MemorySegment value, int len) {
        try {
            return (int) SETSOCKOPT.invokeExact(e, fd, level, name, value, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int getsockopt(MemorySegment e, int fd, int level, int name, MemorySegment value, MemorySegment len) {
        try {
            return (int) GETSOCKOPT.invokeExact(e, fd, level, name, value, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int getsockname(MemorySegment e, int fd, MemorySegment addr, MemorySegment len) {
        try {
            return (int) GETSOCKNAME.invokeExact(e, fd, addr, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int getpeername(MemorySegment e, int fd, MemorySegment addr, MemorySegment len) {
        try {
            return (int) GETPEERNAME.invokeExact(e, fd, addr, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int epollCreate1(MemorySegment e, int flags) {
        try {
            return (int) EPOLL_CREATE1.invokeExact(e, flags);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int epollCtl(MemorySegment e, int epfd, int op, int fd, MemorySegment event) {
        try {
            return (int) EPOLL_CTL.invokeExact(e, epfd, op, fd, event);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int epollWait(MemorySegment e, int epfd, MemorySegment events, int max, int timeoutMs) {
        try {
            return (int) EPOLL_WAIT.invokeExact(e, epfd, events, max, timeoutMs);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int eventfd(MemorySegment e, int initval, int flags) {
        try {
            return (int) EVENTFD.invokeExact(e, initval, flags);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static long write(MemorySegment e, int fd, MemorySegment buf, long len) {
        try {
            return (long) WRITE.invokeExact(e, fd, buf, len);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    /**
     * A downcall threw: only an {@code Error} or a bug of ours (a wrong handle type) can.
     *
     * @param t what it threw
     * @return the exception to throw (an {@code Error} is thrown from here)
     */
    public static RuntimeException failed(Throwable t) {
        if (t instanceof Error err) throw err;
        if (t instanceof RuntimeException re) return re;
        return new IllegalStateException("native call failed", t);
    }
}
