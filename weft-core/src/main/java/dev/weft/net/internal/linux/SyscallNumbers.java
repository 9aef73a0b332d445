package dev.weft.net.internal.linux;

/**
 * The Linux system-call numbers of the calls {@link Libc} makes through the C library's
 * {@code syscall} function, on the two architectures the native poller supports. x86-64 has its
 * own table ({@code arch/x86/entry/syscalls/syscall_64.tbl}); aarch64 uses the generic one
 * ({@code include/uapi/asm-generic/unistd.h}), which has no {@code epoll_wait} nor {@code eventfd}:
 * both tables are used through {@code epoll_pwait} (with no signal mask) and {@code eventfd2}.
 *
 * {@snippet :
 * long nr = SyscallNumbers.X86_64.socket(); // 41; SyscallNumbers.AARCH64.socket() is 198
 * }
 *
 * @param socket {@code socket}
 * @param bind {@code bind}
 * @param listen {@code listen}
 * @param accept4 {@code accept4}
 * @param connect {@code connect}
 * @param shutdown {@code shutdown}
 * @param close {@code close}
 * @param setsockopt {@code setsockopt}
 * @param getsockopt {@code getsockopt}
 * @param getsockname {@code getsockname}
 * @param getpeername {@code getpeername}
 * @param epollCreate1 {@code epoll_create1}
 * @param epollCtl {@code epoll_ctl}
 * @param epollPwait {@code epoll_pwait}
 * @param eventfd2 {@code eventfd2}
 * @param write {@code write}
 */
record SyscallNumbers(long socket, long bind, long listen, long accept4, long connect, long shutdown, long close,
        long setsockopt, long getsockopt, long getsockname, long getpeername, long epollCreate1, long epollCtl,
        long epollPwait, long eventfd2, long write) {

    static final SyscallNumbers X86_64 = new SyscallNumbers(41, 49, 50, 288, 42, 48, 3, 54, 55, 51, 52, 291, 233, 281, 290, 1);
    static final SyscallNumbers AARCH64 = new SyscallNumbers(198, 200, 201, 242, 203, 210, 57, 208, 209, 204, 205, 20, 21, 22, 19, 64);
}
