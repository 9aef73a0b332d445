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
import java.lang.ref.Reference;
import java.util.Locale;

/**
 * The C library functions the native poller and sockets call, bound through the Foreign Function
 * &amp; Memory API (no JNI, no library of our own), with {@code errno} captured per call.
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
 * <p><b>Few bindings, for a short start.</b> Each distinct downcall shape costs the JVM a stub
 * and a few dozen classes spun at run time, which an ahead-of-time cache does not hold: bound one
 * per function, linking and first calling the 13 functions a server needs took 173-191 ms of a
 * fresh JVM, against 62-110 ms through one binding (weft-bench/RESULTS.md; the echo example's
 * first answer came 60-70 ms sooner). So every call that takes no Java heap memory goes through one
 * binding of the C library's {@code syscall(long number, ...)} with the number of the call on this
 * architecture ({@link SyscallNumbers}), its arguments widened to {@code long} and its segments
 * passed as addresses (native segments only, kept reachable across the call); {@code recv} and
 * {@code send} keep a binding of their own (one shape, one stub) because they take heap buffers;
 * the datagram calls and {@code strerror} are bound at their first use ({@link Datagram},
 * {@link Text}), which a server without UDP nor errors never makes.
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

    /** {@code long syscall(long number, ...)}, with six {@code long} arguments after the number. */
    private static final MethodHandle SYSCALL;
    private static final MethodHandle RECV;
    private static final MethodHandle SEND;
    private static final SyscallNumbers NR;
    /** Every binding but {@code strerror}'s stores {@code errno} into the caller's segment. */
    private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");

    static {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        boolean a64 = arch.equals("aarch64");
        MethodHandle sys = null;
        MethodHandle recv = null;
        MethodHandle send = null;
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
                for (String name : new String[] {"recvfrom", "sendto", "strerror"}) libc.findOrThrow(name); // bound later
                ValueLayout L = ValueLayout.JAVA_LONG;
                sys = linker.downcallHandle(libc.findOrThrow("syscall"), FunctionDescriptor.of(L, L, L, L, L, L, L, L),
                        ERRNO_OPTION, Linker.Option.firstVariadicArg(1));
                FunctionDescriptor io = FunctionDescriptor.of(L, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, L, ValueLayout.JAVA_INT);
                Linker.Option critical = Linker.Option.critical(true);
                recv = linker.downcallHandle(libc.findOrThrow("recv"), io, ERRNO_OPTION, critical);
                send = linker.downcallHandle(libc.findOrThrow("send"), io, ERRNO_OPTION, critical);
            } catch (RuntimeException | LinkageError e) {
                reason = "the native poller could not bind the C library: " + e;
            }
        }
        AVAILABLE = reason == null;
        UNAVAILABLE_REASON = reason;
        SYSCALL = sys;
        RECV = recv;
        SEND = send;
        NR = x64 ? SyscallNumbers.X86_64 : SyscallNumbers.AARCH64;
    }

    /** {@code recvfrom} and {@code sendto}: critical (they take heap buffers), bound at the first datagram call. */
    private static final class Datagram {
        static final MethodHandle RECVFROM;
        static final MethodHandle SENDTO;

        static {
            ValueLayout I = ValueLayout.JAVA_INT;
            ValueLayout L = ValueLayout.JAVA_LONG;
            ValueLayout P = ValueLayout.ADDRESS;
            Linker.Option critical = Linker.Option.critical(true);
            RECVFROM = downcall("recvfrom", FunctionDescriptor.of(L, I, P, L, I, P, P), ERRNO_OPTION, critical);
            SENDTO = downcall("sendto", FunctionDescriptor.of(L, I, P, L, I, P, I), ERRNO_OPTION, critical);
        }
    }

    /** {@code strerror}, bound at the first error that needs its text. */
    private static final class Text {
        static final MethodHandle STRERROR = downcall("strerror", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    }

    private Libc() {}

    /**
     * Binds a function of the C library (the io_uring poller's {@code mmap}, and what this class binds at first use).
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
            MemorySegment s = (MemorySegment) Text.STRERROR.invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    public static int socket(MemorySegment e, int domain, int type, int protocol) {
        return (int) syscall(e, NR.socket(), domain, type, protocol, 0, 0, 0);
    }

    public static int bind(MemorySegment e, int fd, MemorySegment addr, int len) {
        try {
            return (int) syscall(e, NR.bind(), fd, address(addr), len, 0, 0, 0);
        } finally {
            Reference.reachabilityFence(addr);
        }
    }

    public static int listen(MemorySegment e, int fd, int backlog) {
        return (int) syscall(e, NR.listen(), fd, backlog, 0, 0, 0, 0);
    }

    public static int accept4(MemorySegment e, int fd, MemorySegment addr, MemorySegment len, int flags) {
        try {
            return (int) syscall(e, NR.accept4(), fd, address(addr), address(len), flags, 0, 0);
        } finally {
            Reference.reachabilityFence(addr);
            Reference.reachabilityFence(len);
        }
    }

    public static int connect(MemorySegment e, int fd, MemorySegment addr, int len) {
        try {
            return (int) syscall(e, NR.connect(), fd, address(addr), len, 0, 0, 0);
        } finally {
            Reference.reachabilityFence(addr);
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
            return (long) Datagram.RECVFROM.invokeExact(e, fd, buf, len, flags, addr, addrLen);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static long sendto(MemorySegment e, int fd, MemorySegment buf, long len, int flags, MemorySegment addr, int addrLen) {
        try {
            return (long) Datagram.SENDTO.invokeExact(e, fd, buf, len, flags, addr, addrLen);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    public static int shutdown(MemorySegment e, int fd, int how) {
        return (int) syscall(e, NR.shutdown(), fd, how, 0, 0, 0, 0);
    }

    public static int close(MemorySegment e, int fd) {
        return (int) syscall(e, NR.close(), fd, 0, 0, 0, 0, 0);
    }

    public static int setsockopt(MemorySegment e, int fd, int level, int name, MemorySegment value, int len) {
        try {
            return (int) syscall(e, NR.setsockopt(), fd, level, name, address(value), len, 0);
        } finally {
            Reference.reachabilityFence(value);
        }
    }

    public static int getsockopt(MemorySegment e, int fd, int level, int name, MemorySegment value, MemorySegment len) {
        try {
            return (int) syscall(e, NR.getsockopt(), fd, level, name, address(value), address(len), 0);
        } finally {
            Reference.reachabilityFence(value);
            Reference.reachabilityFence(len);
        }
    }

    public static int getsockname(MemorySegment e, int fd, MemorySegment addr, MemorySegment len) {
        try {
            return (int) syscall(e, NR.getsockname(), fd, address(addr), address(len), 0, 0, 0);
        } finally {
            Reference.reachabilityFence(addr);
            Reference.reachabilityFence(len);
        }
    }

    public static int getpeername(MemorySegment e, int fd, MemorySegment addr, MemorySegment len) {
        try {
            return (int) syscall(e, NR.getpeername(), fd, address(addr), address(len), 0, 0, 0);
        } finally {
            Reference.reachabilityFence(addr);
            Reference.reachabilityFence(len);
        }
    }

    public static int epollCreate1(MemorySegment e, int flags) {
        return (int) syscall(e, NR.epollCreate1(), flags, 0, 0, 0, 0, 0);
    }

    public static int epollCtl(MemorySegment e, int epfd, int op, int fd, MemorySegment event) {
        try {
            return (int) syscall(e, NR.epollCtl(), epfd, op, fd, address(event), 0, 0);
        } finally {
            Reference.reachabilityFence(event);
        }
    }

    /** {@code epoll_wait}, made as {@code epoll_pwait} with no signal mask (aarch64 has only that one). */
    public static int epollWait(MemorySegment e, int epfd, MemorySegment events, int max, int timeoutMs) {
        try {
            return (int) syscall(e, NR.epollPwait(), epfd, address(events), max, timeoutMs, 0, 0);
        } finally {
            Reference.reachabilityFence(events);
        }
    }

    /** {@code eventfd}, made as {@code eventfd2} (the flags' call; aarch64 has only that one). */
    public static int eventfd(MemorySegment e, int initval, int flags) {
        return (int) syscall(e, NR.eventfd2(), initval, flags, 0, 0, 0, 0);
    }

    public static long write(MemorySegment e, int fd, MemorySegment buf, long len) {
        try {
            return syscall(e, NR.write(), fd, address(buf), len, 0, 0, 0);
        } finally {
            Reference.reachabilityFence(buf);
        }
    }

    /**
     * One system call through the C library's {@code syscall}, which returns its result, or -1
     * with {@code errno} set (stored into {@code e}); the one binding every call here without a
     * heap buffer goes through, and the io_uring poller's calls too.
     *
     * @param e a segment of {@link #errnoSegment}
     * @param nr the call's number on this architecture
     * @return the call's result, or -1
     */
    public static long syscall(MemorySegment e, long nr, long a1, long a2, long a3, long a4, long a5, long a6) {
        try {
            return (long) SYSCALL.invokeExact(e, nr, a1, a2, a3, a4, a5, a6);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    /** The address of a native segment, for a call through {@code syscall}, which cannot take heap memory. */
    private static long address(MemorySegment s) {
        if (!s.isNative()) throw new IllegalArgumentException("this call takes native memory only, not " + s);
        return s.address();
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
