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
     * @param e what {@code accept} threw
     * @return whether it is worth retrying after a pause
     */
    static boolean isPassing(IOException e) {
        String m = e.getMessage();
        if (m == null) return false;
        return m.contains("Too many open files")
                || m.contains("No buffer space")
                || m.contains("Cannot allocate memory")
                || m.contains("connection abort")
                || m.contains("Connection aborted");
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
