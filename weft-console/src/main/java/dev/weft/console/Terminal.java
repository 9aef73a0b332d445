package dev.weft.console;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The size of the terminal the console draws on: {@code $COLUMNS} and {@code $LINES} if the shell
 * exported them, else what {@code stty size} says of {@code /dev/tty}, else a default (no
 * terminal: a file, a test).
 *
 * {@snippet :
 * int width = Terminal.width(200);
 * int height = Terminal.height(Integer.MAX_VALUE);
 * }
 */
final class Terminal {
    private Terminal() {}

    /** @return the terminal's width in columns, or {@code fallback} */
    static int width(int fallback) {
        return dimension("COLUMNS", 1, fallback);
    }

    /** @return the terminal's height in lines, or {@code fallback} */
    static int height(int fallback) {
        return dimension("LINES", 0, fallback);
    }

    /** @return {@code $env}, else field {@code index} of {@code stty size} (rows, columns), else {@code fallback} */
    private static int dimension(String env, int index, int fallback) {
        String v = System.getenv(env);
        if (v != null && v.matches("\\d+")) return Integer.parseInt(v);
        File tty = new File("/dev/tty");
        if (System.console() == null || !System.console().isTerminal() || !tty.canRead()) return fallback;
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(tty).redirectErrorStream(true).start();
            String answer = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(1, TimeUnit.SECONDS) && answer.matches("\\d+ \\d+")) return Integer.parseInt(answer.split(" ")[index]);
        } catch (IOException e) {
            // no stty: the fallback
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return fallback;
    }
}
