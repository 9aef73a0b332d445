package dev.weft.bench.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The hostile-peer matrix: {@code healthy} clients (payloads 1 to {@code payload} bytes, every
 * byte compared) for {@code seconds} alone, then for {@code seconds} beside {@code hostile} peers of
 * each {@link HostilePeer.Kind}; the healthy clients' p99 round trip of both phases and their ratio
 * (the target: at most 2), what happened to each kind of peer, and whether the server
 * kept serving and closed every hostile connection.
 */
final class HostileMatrix {
    private HostileMatrix() {}

    static int run(int healthy, int hostile, int seconds, int payload) throws Exception {
        try (ServerProcess server = ServerProcess.start("512m")) {
            ServerProcess.Stats base = server.stats();
            Recorder rec = new Recorder(3);
            HealthyClient.Counters c = new HealthyClient.Counters();
            List<HealthyClient> clients = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < healthy; i++) {
                HealthyClient h = new HealthyClient(server.port(), payload, 0x4057L * 7919 + i, c, rec::recordValue);
                h.connect();
                clients.add(h);
            }
            for (HealthyClient h : clients) {
                threads.add(Thread.ofVirtual().name("healthy").start(h));
            }
            System.out.printf(Locale.ROOT, "[hostile] server pid %d: %d healthy clients (payloads 1..%d B), %d hostile peers of each kind, %d s a phase%n",
                    server.pid(), healthy, payload, hostile, seconds);
            Thread.sleep(3_000); // warm-up, not measured
            rec.getIntervalHistogram();
            long rt0 = c.roundTrips.sum();
            Duration cpu0 = server.cpu();
            Thread.sleep(seconds * 1000L);
            Histogram without = rec.getIntervalHistogram();
            long rtWithout = c.roundTrips.sum() - rt0;
            Duration cpu1 = server.cpu();

            Map<HostilePeer.Kind, HostilePeer.Tally> tallies = new EnumMap<>(HostilePeer.Kind.class);
            List<HostilePeer> peers = new ArrayList<>();
            List<Thread> peerThreads = new ArrayList<>();
            for (HostilePeer.Kind k : HostilePeer.Kind.values()) {
                HostilePeer.Tally t = new HostilePeer.Tally();
                tallies.put(k, t);
                for (int i = 0; i < hostile; i++) {
                    HostilePeer p = new HostilePeer(k, server.port(), t, k.ordinal() * 1000L + i);
                    peers.add(p);
                    peerThreads.add(Thread.ofVirtual().name("hostile-" + k).start(p));
                }
            }
            rec.getIntervalHistogram();
            long rt1 = c.roundTrips.sum();
            Thread.sleep(seconds * 1000L);
            Histogram with = rec.getIntervalHistogram();
            long rtWith = c.roundTrips.sum() - rt1;
            Duration cpu2 = server.cpu();
            ServerProcess.Stats during = server.stats();
            for (HostilePeer p : peers) {
                p.stop();
            }
            for (Thread t : peerThreads) {
                t.join(10_000);
            }
            ServerProcess.Stats after = server.stats();
            long expected = base.fds() + healthy;
            for (int tries = 0; tries < 100 && after.fds() > expected; tries++) {
                Thread.sleep(100);
                after = server.stats();
            }
            long rt2 = c.roundTrips.sum();
            Thread.sleep(2_000);
            boolean stillServing = c.roundTrips.sum() > rt2;
            long running = threads.stream().filter(Thread::isAlive).count();
            HealthyClient.stopAll(clients, threads);

            double p99Without = without.getValueAtPercentile(99) / 1000.0;
            double p99With = with.getValueAtPercentile(99) / 1000.0;
            double ratio = p99With / p99Without;
            System.out.printf(Locale.ROOT, "[hostile] without hostile peers: %d round trips, p50 %.0f us, p99 %.0f us, p99.9 %.0f us, max %.0f us; server CPU %.0f%% of a core%n",
                    rtWithout, without.getValueAtPercentile(50) / 1000.0, p99Without, without.getValueAtPercentile(99.9) / 1000.0,
                    without.getMaxValue() / 1000.0, 100.0 * cpu1.minus(cpu0).toNanos() / (seconds * 1e9));
            System.out.printf(Locale.ROOT, "[hostile] with hostile peers:    %d round trips, p50 %.0f us, p99 %.0f us, p99.9 %.0f us, max %.0f us; server CPU %.0f%% of a core%n",
                    rtWith, with.getValueAtPercentile(50) / 1000.0, p99With, with.getValueAtPercentile(99.9) / 1000.0,
                    with.getMaxValue() / 1000.0, 100.0 * cpu2.minus(cpu1).toNanos() / (seconds * 1e9));
            System.out.printf(Locale.ROOT, "[hostile] p99 ratio with/without: %.2f (target <= 2)%n", ratio);
            for (HostilePeer.Kind k : HostilePeer.Kind.values()) {
                System.out.printf(Locale.ROOT, "[hostile] %-11s %s%n", k, HostilePeer.report(k, hostile, tallies.get(k)));
            }
            System.out.printf(Locale.ROOT, "[hostile] server fds: %d before, %d with the hostile peers, %d after they closed (%d expected: the healthy ones);"
                    + " heap after GC %.1f / %.1f / %.1f MiB, threads %d / %d / %d%n",
                    base.fds(), during.fds(), after.fds(), expected, base.heapAfterGc() / 1048576.0, during.heapAfterGc() / 1048576.0,
                    after.heapAfterGc() / 1048576.0, base.threads(), during.threads(), after.threads());
            System.out.printf(Locale.ROOT, "[hostile] healthy clients: %d/%d running, errors %d, mismatches %d, still served after the hostile peers: %b, server alive %b%n",
                    running, healthy, c.errors.sum(), c.mismatches.sum(), stillServing, server.alive());
            for (String e : c.firstErrors) {
                System.out.println("[hostile]   error: " + e);
            }
            boolean ok = ratio <= 2.0 && running == healthy && c.errors.sum() == 0 && c.mismatches.sum() == 0
                    && stillServing && after.fds() <= expected + 2 && rtWith > 0;
            System.out.println("[hostile] VERDICT: " + (ok ? "PASS" : "FAIL"));
            return ok ? 0 : 1;
        }
    }
}
