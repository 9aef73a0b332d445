package dev.weft.console;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The console's command line: {@code <pid|host:port|service:jmx:...> [--once] [--html FILE]
 * [--interval MS] [--idle-warn SECONDS] [--poll-warn MS] [--scheduled-warn MS] [--rows N]}.
 *
 * {@snippet :
 * Options o = Options.parse(new String[] {"4242", "--once", "--idle-warn", "5"});
 * }
 *
 * @param target the JVM: a process id, {@code host:port} of its JMX RMI agent, or a JMX service URL
 * @param once print one frame and exit
 * @param dump print each runtime's task dump and exit
 * @param html where to write the task table as an HTML page, or {@code null}
 * @param interval time between two samples (the busy share is their difference)
 * @param idleWarn warn about tasks idle for longer than this
 * @param pollWarn warn about tasks whose longest poll took longer than this
 * @param scheduledWarn warn about tasks queued for longer than this without a poll
 * @param rows the most task rows shown per runtime
 */
public record Options(String target, boolean once, boolean dump, Path html, Duration interval, Duration idleWarn, Duration pollWarn,
        Duration scheduledWarn, int rows) {

    /** The usage line, printed with every error about the command line. */
    static final String USAGE = "usage: weft-console <pid|host:port|service:jmx:...> [--once] [--dump] [--html FILE] [--interval MS]"
            + " [--idle-warn SECONDS] [--poll-warn MS] [--scheduled-warn MS] [--rows N]";

    /**
     * @param args the command line
     * @return the options
     * @throws IllegalArgumentException with a message naming the bad argument
     */
    static Options parse(String[] args) {
        String target = null;
        boolean once = false;
        boolean dump = false;
        Path html = null;
        Duration interval = Duration.ofSeconds(1);
        Duration idleWarn = Duration.ofSeconds(60);
        Duration pollWarn = Duration.ofMillis(10);
        Duration scheduledWarn = Duration.ofSeconds(1);
        int rows = 20;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--once" -> once = true;
                case "--dump" -> dump = true;
                case "--html" -> html = Path.of(value(args, ++i, a));
                case "--interval" -> interval = Duration.ofMillis(positive(args, ++i, a));
                case "--idle-warn" -> idleWarn = Duration.ofSeconds(positive(args, ++i, a));
                case "--poll-warn" -> pollWarn = Duration.ofMillis(positive(args, ++i, a));
                case "--scheduled-warn" -> scheduledWarn = Duration.ofMillis(positive(args, ++i, a));
                case "--rows" -> rows = (int) Math.min(Integer.MAX_VALUE, positive(args, ++i, a));
                default -> {
                    if (a.startsWith("--")) throw new IllegalArgumentException("unknown option " + a);
                    if (target != null) throw new IllegalArgumentException("one target only, got " + target + " and " + a);
                    target = a;
                }
            }
        }
        if (target == null) throw new IllegalArgumentException("no target: give a pid or host:port");
        return new Options(target, once, dump, html, interval, idleWarn, pollWarn, scheduledWarn, rows);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }

    private static long positive(String[] args, int i, String option) {
        String v = value(args, i, option);
        try {
            long n = Long.parseLong(v);
            if (n > 0) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs a positive whole number, got " + v);
    }
}
