package dev.weft.net;

import java.io.IOException;
import java.time.Duration;

/**
 * Which accept errors are passing, and how long to wait before accepting again.
 *
 * <p>When the process is out of file descriptors ({@code EMFILE}, {@code ENFILE}) or kernel memory
 * ({@code ENOBUFS}, {@code ENOMEM}), or a connection was aborted before it was taken, the pending
 * connection stays in the backlog and the listening socket stays readable: accepting again at once
 * would spin a core. The listener waits 2 ms instead, doubling up to 100 ms while the error lasts,
 * and keeps serving once the error is gone (Tokio leaves this to the user's accept loop; Netty
 * waits 1 s). Other errors fail the accept.
 */
final class AcceptBackoff {
    static final Duration FIRST = Duration.ofMillis(2);
    static final Duration MAX = Duration.ofMillis(100);

    private AcceptBackoff() {}

    /**
     * Tells a passing accept error by its class, not its text (which is {@code strerror}'s, in the
     * language of the process's locale: "Zu viele offene Dateien" under {@code de_DE}). The JDK
     * retries {@code ECONNABORTED} and {@code EINTR} itself, answers {@code EAGAIN} as "nothing yet",
     * reports a closed or unbound listener as {@code ClosedChannelException} or
     * {@code NotYetBoundException}, and every other errno of {@code accept(2)} as a plain
     * {@code IOException} (sun.nio.ch.Net.accept). On an open, bound listener those errnos are
     * {@code EMFILE}, {@code ENFILE}, {@code ENOBUFS}, {@code ENOMEM}, and the pending network errors
     * that accept(2) says to retry ({@code EPROTO}, {@code ENETDOWN}, {@code EHOSTUNREACH}, ...):
     * each one passes, so a plain {@code IOException} is worth a retry after a pause.
     *
     * @param e what {@code accept} threw
     * @return whether it is worth retrying after a pause
     */
    static boolean isPassing(IOException e) {
        return e.getClass() == IOException.class;
    }

    /**
     * @param previous the last pause, or {@code null}
     * @return the next pause
     */
    static Duration next(Duration previous) {
        if (previous == null) return FIRST;
        Duration d = previous.multipliedBy(2);
        return d.compareTo(MAX) > 0 ? MAX : d;
    }
}
