package dev.weft.net;

import dev.weft.exec.internal.BlockOn;
import dev.weft.future.Context;
import dev.weft.time.Time;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The server of {@link FdExhaustionTest}, run in a child JVM with a low {@code ulimit -n}: accepts
 * and holds every connection (so the process runs out of file descriptors) until standard input
 * says {@code release}; then closes them and from then on closes each new connection at once.
 * Prints {@code os-error-text T} first (the text the JDK gives an OS error here: the locale's
 * language), {@code port N} once, {@code accepted N errors E} after each accept, and
 * {@code status E} (the accept errors so far) when standard input says {@code status}.
 */
public final class FdExhaustionServer {
    private FdExhaustionServer() {}

    public static void main(String[] args) throws Exception {
        try (var in = new java.io.FileInputStream("/nonexistent/weft-probe")) {
            System.out.println("os-error-text none");
        } catch (java.io.FileNotFoundException e) {
            System.out.println("os-error-text " + e.getMessage());
        }
        TcpListener l = TcpListener.bind("127.0.0.1", 0);
        warmUp(l);
        List<TcpStream> held = new ArrayList<>();
        boolean[] released = {false};
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    if (line.equals("release")) {
                        synchronized (held) {
                            released[0] = true;
                            for (TcpStream s : held) s.close();
                            held.clear();
                        }
                        System.out.println("released");
                    } else if (line.equals("status")) {
                        System.out.println("status " + l.acceptErrors());
                    }
                }
            } catch (Exception e) {
                e.printStackTrace();
            }
        });
        System.out.println("port " + l.localAddress().getPort());
        for (int n = 1; ; n++) {
            TcpStream s = BlockOn.blockOn(l.accept());
            synchronized (held) {
                if (released[0]) s.close();
                else held.add(s);
            }
            System.out.println("accepted " + n + " errors " + l.acceptErrors());
        }
    }

    /** Loads every class the accept path needs while file descriptors are still there. */
    private static void warmUp(TcpListener l) throws Exception {
        try (TcpStream c = BlockOn.blockOn(TcpStream.connect(l.localAddress()));
                TcpStream s = BlockOn.blockOn(l.accept())) {
            c.setNoDelay(true);
            s.setNoDelay(true);
        }
        BlockOn.blockOn(Time.sleep(Duration.ofMillis(1)));
        var s = Time.sleep(Duration.ofMillis(1));
        s.poll(Context.noop());
        s.cancel();
        AcceptBackoff.isPassing(new java.io.IOException("a warm-up"));
        AcceptBackoff.next(null);
        new StringBuilder().append("accepted ").append(1L).append(" errors ").toString();
    }
}
