package dev.weft.bench.soak;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How the connections of a server ended, counted by reason: the class and message of what ended
 * each one ({@code SSLException: Unsupported or unrecognized SSL message}), or a name for a clean
 * end. Digits in a message are replaced by {@code #}, so that one kind of failure is one reason
 * whatever its numbers. The first connection that ends with a reason is logged on stderr.
 *
 * <h2>State</h2>
 * <pre>
 * counts   reason -> connections that ended with it    any connection task (concurrent map,
 *                                                       a LongAdder per reason)
 * </pre>
 */
final class Endings {
    /** The reason of a connection whose peer sent close_notify between two requests. */
    static final String CLOSED_BY_PEER = "closed by the peer between requests";

    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    /** Counts a connection that ended with {@code reason}. */
    void add(String reason) {
        counts.computeIfAbsent(reason, r -> {
            System.err.println("[tls-server] a connection ended: " + r);
            return new LongAdder();
        }).increment();
    }

    /** Counts a connection that ended with {@code t}. */
    void add(Throwable t) {
        add(reason(t));
    }

    /** @return the reason {@code t} is counted under */
    static String reason(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage().replaceAll("[0-9]+", "#").replaceAll("[\t\n\r]", " ");
        return t.getClass().getSimpleName() + ": " + message;
    }

    /** @return the counts as one line of tab-separated {@code count reason} pairs (the stats protocol's) */
    String line() {
        StringBuilder b = new StringBuilder();
        new TreeMap<>(counts).forEach((r, n) -> b.append('\t').append(n.sum()).append(' ').append(r));
        return b.toString();
    }

    /** @return the counts of a {@link #line()} */
    static Map<String, Long> parse(String line) {
        Map<String, Long> m = new TreeMap<>();
        for (String pair : line.split("\t")) {
            if (pair.isBlank()) continue;
            int sp = pair.indexOf(' ');
            m.put(pair.substring(sp + 1), Long.parseLong(pair.substring(0, sp)));
        }
        return m;
    }
}
