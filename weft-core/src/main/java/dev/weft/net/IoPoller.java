package dev.weft.net;

import java.util.Locale;

/**
 * Which reactor a runtime's driver waits in for socket readiness: chosen per runtime with
 * {@code WeftRuntime.builder().poller(...)}, or for every runtime with the system property
 * {@value #PROPERTY} ({@code auto}, {@code nio} or {@code epoll}).
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
    EPOLL;

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
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + v + ": expected auto, nio or epoll", e);
        }
    }
}
