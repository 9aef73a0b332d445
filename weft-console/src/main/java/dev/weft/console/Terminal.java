package dev.weft.console;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The width of the terminal the console draws on: {@code $COLUMNS} if the shell exported it, else
 * what {@code stty size} says of {@code /dev/tty}, else a default (no terminal: a file, a test).
 *
 * {@snippet :
 * int width = Terminal.width(200);
 * }
 */
final class Terminal {
    private Terminal() {}

    /** @return the terminal's width in columns, or {@code fallback} */
    static int width(int fallback) {
        String env = System.getenv("COLUMNS");
        if (env != null && env.matches("\\d+")) return Integer.parseInt(env);
        File tty = new File("/dev/tty");
        if (System.console() == null || !System.console().isTerminal() || !tty.canRead()) return fallback;
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(tty).redirectErrorStream(true).start();
            String answer = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(1, TimeUnit.SECONDS) && answer.matches("\\d+ \\d+")) return Integer.parseInt(answer.split(" ")[1]);
        } catch (IOException e) {
            // no stty: the fallback
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return fallback;
    }
}
