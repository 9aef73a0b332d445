package dev.weft.bench.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The TLS hostile matrix's check of the server's word against the peers': how the server says
 * each connection ended ({@link Endings}, asked through {@link ServerProcess#endings()}), matched
 * to the peers' kinds by each kind's reason.
 */
final class TlsEndingsCheck {
    private TlsEndingsCheck() {}

    /**
     * The connections the server ended since {@code before}, by reason, once it has named as many
     * as the peers made (or after 5 s).
     */
    static Map<String, Long> awaitEndings(ServerProcess server, Map<TlsHostilePeer.Kind, TlsHostilePeer.Tally> tallies,
            Map<String, Long> before) throws Exception {
        long made = tallies.values().stream().mapToLong(t -> t.connections.sum()).sum();
        Map<String, Long> endings = since(server.endings(), before);
        for (int tries = 0; tries < 50 && endings.values().stream().mapToLong(Long::longValue).sum() < made; tries++) {
            Thread.sleep(100);
            endings = since(server.endings(), before);
        }
        return endings;
    }

    private static Map<String, Long> since(Map<String, Long> now, Map<String, Long> before) {
        Map<String, Long> d = new TreeMap<>();
        now.forEach((reason, n) -> {
            long more = n - before.getOrDefault(reason, 0L);
            if (more > 0) d.put(reason, more);
        });
        return d;
    }

    /** Prints each kind's line and adds a failure for each kind whose connections did not all end with its reason. */
    static void checkKinds(Map<TlsHostilePeer.Kind, TlsHostilePeer.Tally> tallies, Map<String, Long> endings, int hostile,
            boolean full, List<String> failures) {
        Map<String, Long> unclaimed = new TreeMap<>(endings);
        for (TlsHostilePeer.Kind k : tallies.keySet()) {
            TlsHostilePeer.Tally t = tallies.get(k);
            long named = 0;
            List<String> reasons = new ArrayList<>();
            for (Map.Entry<String, Long> e : endings.entrySet()) {
                if (e.getKey().startsWith(k.reason)) {
                    named += e.getValue();
                    reasons.add(e.getKey());
                    unclaimed.remove(e.getKey());
                }
            }
            System.out.printf(Locale.ROOT, "[tls-hostile] %-24s %d peers: %d connections, %d closed by the server, %d peer errors; the server"
                    + " ended %d with %s%n", k, hostile, t.connections.sum(), t.closedByServer.sum(), t.errors.sum(), named,
                    reasons.isEmpty() ? "[" + k.reason + "...]" : reasons);
            boolean counted = full ? named == t.connections.sum() : named >= 1 && named <= t.connections.sum();
            if (t.connections.sum() == 0 || !counted || t.closedByServer.sum() != t.connections.sum() || t.errors.sum() != 0) {
                failures.add(k + ": " + t.connections.sum() + " connections, " + t.closedByServer.sum() + " closed by the server, "
                        + t.errors.sum() + " peer errors, " + named + " ended with its reason (" + k.reason + "...)");
            }
        }
        if (!unclaimed.isEmpty()) {
            failures.add("connections ended for reasons of no hostile kind: " + unclaimed);
        }
        System.out.println("[tls-hostile] every ending the server named: " + endings);
    }
}
