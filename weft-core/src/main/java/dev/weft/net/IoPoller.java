package dev.weft.net;

import java.util.Locale;

/**
 * Which reactor a runtime's driver waits in for socket readiness: chosen per runtime with
 * {@code WeftRuntime.builder().poller(...)}, or for every runtime with the system property
 * {@value #PROPERTY} ({@code auto}, {@code nio}, {@code epoll} or {@code io_uring}).
 *
 * {@snippet :
 * try (WeftRuntime rt = WeftRuntime.builder().poller(IoPoller.EPOLL).build()) {
 *     rt.blockOn(server());
 * }
 * }
 *
 * <p>Run with {@code --enable-native-access=ALL-UNNAMED} (or {@code =dev.weft} on the module
 * path) and {@link #AUTO} takes the native poller on Linux. Without the flag, {@code AUTO} takes
 * NIO and says so once on the {@code dev.weft} logger; an explicit {@link #EPOLL} works anyway
 * (the JDK then warns that a restricted method was called).
 */
public enum IoPoller {
    /** {@link #EPOLL} on Linux (x86-64, aarch64) when native access is enabled for Weft, else {@link #NIO}. */
    AUTO,
    /**
     * NIO's {@link java.nio.channels.Selector}: level-triggered, portable, every kind of
     * {@code SelectableChannel}.
     */
    NIO,
    /**
     * Linux {@code epoll} through the Foreign Function &amp; Memory API: TCP and UDP sockets made
     * and driven natively, registered once edge-triggered, reading and writing straight into the
     * caller's buffer. Unix-domain sockets and {@code Async.of} channels stay on NIO (the shared
     * reactor). Throws at build time where epoll is not available.
     */
    EPOLL,
    /**
     * Linux io_uring through the Foreign Function &amp; Memory API (the raw system calls, no JNI, no
     * liburing), completion-based: a read is a receive the kernel completes into a native buffer,
     * an accept a multishot accept, a write a send of the bytes copied out of the caller's buffer.
     * Opt-in; UDP sockets run on an epoll instance the ring watches; Unix-domain sockets and
     * {@code Async.of} channels stay on NIO. Where io_uring cannot serve (a kernel without it or
     * without an opcode or feature used, a seccomp policy or sysctl refusing it), the runtime takes
     * what {@link #AUTO} would (epoll) and says why once on the {@code dev.weft} logger.
     */
    IO_URING;

    /** The system property that sets the default poller of every runtime. */
    public static final String PROPERTY = "weft.poller";

    /**
     * @return the poller the system property {@value #PROPERTY} names, {@link #AUTO} if unset
     * @throws IllegalArgumentException if it names none
     */
    public static IoPoller fromProperty() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) return AUTO;
        try {
            return valueOf(v.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + v + ": expected auto, nio, epoll or io_uring", e);
        }
    }
}
