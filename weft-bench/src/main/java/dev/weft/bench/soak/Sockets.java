package dev.weft.bench.soak;

import java.io.IOException;
import java.net.Socket;

/** What the harness's clients and peers do alike with their sockets. */
final class Sockets {
    private Sockets() {}

    /** Closes {@code s} (if any) to end a run; a failure to close changes nothing then. */
    static void closeQuietly(Socket s) {
        if (s == null) return;
        try {
            s.close();
        } catch (IOException ignored) {
            // ending the run: the socket is gone either way
        }
    }
}
