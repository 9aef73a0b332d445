package dev.weft.examples.redis;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;

/** Whether the peer closed a socket, waiting at most a bounded time. */
final class ClosedCheck {
    private ClosedCheck() {}

    /** Reads (discarding) for up to {@code millis}: true at end of stream or a reset, false if still open. */
    static boolean closedWithin(Socket s, int millis) throws IOException {
        long deadline = System.currentTimeMillis() + millis;
        int old = s.getSoTimeout();
        try {
            while (true) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) return false;
                s.setSoTimeout((int) Math.max(1, left));
                try {
                    if (s.getInputStream().read() < 0) return true;
                } catch (SocketTimeoutException stillOpen) {
                    return false;
                } catch (IOException reset) {
                    return true;
                }
            }
        } finally {
            s.setSoTimeout(old);
        }
    }
}
