package dev.weft.bench.soak;

import dev.weft.examples.http.SelfSigned;
import dev.weft.net.tls.TlsContexts;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The hostile-peer matrix over TLS: {@code healthy} TLS clients (requests of 1 to {@code payload}
 * bytes, every byte of each echo compared) against the {@link TlsEchoServer} in a JVM of its own,
 * for {@code seconds} alone, then for {@code seconds} beside {@code hostile} peers of each
 * {@link TlsHostilePeer.Kind}. Then the peers are stopped (each finishes its connection in
 * progress) and the server is asked how every connection ended. The verdict's rules: every
 * hostile connection was closed by the server, every one that the server named ended with its
 * kind's reason (a {@code full} run: as many as the peers made; a short one: at least one and no
 * more than they made), no connection ended for a reason of no kind, no connection task or
 * descriptor of the peers is left in the server, the healthy clients had no error or wrong byte
 * and were still answered after the peers left, and (a {@code full} run) their p50 and p99 with
 * the peers are at most twice those without.
 */
final class TlsHostileMatrix {
    private TlsHostileMatrix() {}

    /**
     * The outcome of a run.
     *
     * @param failures the rules broken, each named; empty for a pass
     */
    record Verdict(List<String> failures) {
        boolean pass() {
            return failures.isEmpty();
        }
    }

    static Verdict run(int healthy, int hostile, int seconds, int payload, long handshakeMillis, boolean full)
            throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(Files.createTempDirectory("weft-tls-hostile"));
        SSLContext client = TlsContexts.trusting(pem.cert());
        List<String> failures = new ArrayList<>();
        try (ServerProcess server = ServerProcess.startTls("512m", pem.cert(), pem.key(), handshakeMillis)) {
            int port = server.port();
            Recorder rec = new Recorder(3);
            HealthyClient.Counters c = new HealthyClient.Counters();
            List<HealthyClient> clients = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            warmUp(client, port);
            for (int i = 0; i < healthy; i++) {
                HealthyClient h = new HealthyClient(() -> TlsHostilePeer.tls(client, port, null), true, payload,
                        0x715L * 7919 + i, c, rec::recordValue);
                h.connect();
                clients.add(h);
            }
            for (HealthyClient h : clients) {
                threads.add(Thread.ofVirtual().name("healthy-tls").start(h));
            }
            System.out.printf(Locale.ROOT, "[tls-hostile] server pid %d: %d healthy TLS clients (requests 1..%d B), %d hostile peers of each"
                    + " kind, %d s a phase, handshake deadline %d ms%n", server.pid(), healthy, payload, hostile, seconds, handshakeMillis);
            Thread.sleep(Math.min(3_000, seconds * 1000L)); // warm-up, not measured
            rec.getIntervalHistogram();
            long rt0 = c.roundTrips.sum();
            Cpu cpu0 = Cpu.of(server);
            Thread.sleep(seconds * 1000L);
            Histogram without = rec.getIntervalHistogram();
            long rtWithout = c.roundTrips.sum() - rt0;
            Cpu cpu1 = Cpu.of(server);

            Map<TlsHostilePeer.Kind, TlsHostilePeer.Tally> tallies = new EnumMap<>(TlsHostilePeer.Kind.class);
            List<TlsHostilePeer> peers = new ArrayList<>();
            List<Thread> peerThreads = new ArrayList<>();
            for (TlsHostilePeer.Kind k : kinds()) {
                TlsHostilePeer.Tally t = new TlsHostilePeer.Tally();
                tallies.put(k, t);
                for (int i = 0; i < hostile; i++) {
                    TlsHostilePeer p = new TlsHostilePeer(k, port, client, t);
                    peers.add(p);
                    // a platform thread each: a peer's loop that never waits (a JDK client making key
                    // updates) would otherwise hold a carrier that the healthy clients' virtual threads need
                    peerThreads.add(Thread.ofPlatform().daemon().name("hostile-tls-" + k).start(p));
                }
            }
            Map<String, Long> before = server.endings(); // a healthy client's handshake slowed by a cold JVM may have ended by now
            long fdsBefore = server.stats().fds();
            rec.getIntervalHistogram();
            long rt1 = c.roundTrips.sum();
            Thread.sleep(seconds * 1000L);
            Histogram with = rec.getIntervalHistogram();
            long rtWith = c.roundTrips.sum() - rt1;
            Cpu cpu2 = Cpu.of(server);
            stopPeers(peers, peerThreads, handshakeMillis);
            Map<String, Long> endings = TlsEndingsCheck.awaitEndings(server, tallies, before);
            long fdsAfter = server.stats().fds();
            long alive = server.connections();
            System.out.printf(Locale.ROOT, "[tls-hostile] server connection tasks alive after the peers left: %d (the healthy clients': %d)%n",
                    alive, healthy);
            if (alive != healthy) failures.add("server connection tasks alive after the peers left: " + alive + ", not " + healthy);
            System.out.printf(Locale.ROOT, "[tls-hostile] server fds: %d beside the healthy clients before the peers, %d after they left%n",
                    fdsBefore, fdsAfter);
            if (fdsAfter > fdsBefore + 2) failures.add("server fds: " + fdsBefore + " before the peers, " + fdsAfter + " after they left");
            long rt2 = c.roundTrips.sum();
            Thread.sleep(1_000);
            boolean stillServing = c.roundTrips.sum() > rt2;
            long running = threads.stream().filter(Thread::isAlive).count();
            HealthyClient.stopAll(clients, threads);

            print("without hostile peers:", rtWithout, without, cpu1.since(cpu0, seconds));
            print("with hostile peers:   ", rtWith, with, cpu2.since(cpu1, seconds));
            double p50Ratio = (double) with.getValueAtPercentile(50) / without.getValueAtPercentile(50);
            double p99Ratio = (double) with.getValueAtPercentile(99) / without.getValueAtPercentile(99);
            System.out.printf(Locale.ROOT, "[tls-hostile] ratio with/without: p50 %.2f, p99 %.2f (target <= 2%s)%n", p50Ratio, p99Ratio,
                    full ? "" : "; not a rule of this short run");
            if (full && (p50Ratio > 2 || p99Ratio > 2)) {
                failures.add(String.format(Locale.ROOT, "latency: p50 ratio %.2f, p99 ratio %.2f (at most 2)", p50Ratio, p99Ratio));
            }
            TlsEndingsCheck.checkKinds(tallies, endings, hostile, full, failures);
            System.out.printf(Locale.ROOT, "[tls-hostile] healthy clients: %d/%d running, errors %d, mismatches %d, answered after the hostile"
                    + " peers left: %b, server alive %b%n", running, healthy, c.errors.sum(), c.mismatches.sum(), stillServing, server.alive());
            for (String e : c.firstErrors) {
                System.out.println("[tls-hostile]   error: " + e);
            }
            if (running != healthy || c.errors.sum() != 0 || c.mismatches.sum() != 0 || !stillServing || rtWith == 0) {
                failures.add("healthy clients: " + running + "/" + healthy + " running, " + c.errors.sum() + " errors, "
                        + c.mismatches.sum() + " mismatches, " + rtWith + " round trips beside the peers, still answered: " + stillServing);
            }
        }
        for (String f : failures) {
            System.out.println("[tls-hostile] FAILED: " + f);
        }
        System.out.println("[tls-hostile] VERDICT: " + (failures.isEmpty() ? "PASS" : "FAIL"));
        return new Verdict(failures);
    }

    /**
     * @return the kinds run: all, or those named in the system property {@code weft.soak.tlsKinds}
     *     (comma-separated), to find out which kind costs the healthy clients what; {@code none}
     *     for no peer in either phase
     */
    private static List<TlsHostilePeer.Kind> kinds() {
        String named = System.getProperty("weft.soak.tlsKinds");
        if (named == null || named.isBlank()) return List.of(TlsHostilePeer.Kind.values());
        if (named.equals("none")) return List.of(); // both phases without peers: the noise of the machine
        return java.util.Arrays.stream(named.split(",")).map(String::trim).map(TlsHostilePeer.Kind::valueOf).toList();
    }

    /**
     * Handshakes until one completes (5 tries): a cold server JVM may take longer than a short
     * handshake deadline over its first ones (their endings are not counted: see {@code before}).
     */
    private static void warmUp(SSLContext client, int port) throws Exception {
        for (int tries = 1; ; tries++) {
            try (javax.net.ssl.SSLSocket s = TlsHostilePeer.tls(client, port, null)) {
                return;
            } catch (java.io.IOException e) {
                if (tries == 5) throw e;
            }
        }
    }

    private static void print(String phase, long roundTrips, Histogram h, String cpu) {
        System.out.printf(Locale.ROOT, "[tls-hostile] %s %d round trips, p50 %.0f us, p99 %.0f us, p99.9 %.0f us, max %.0f us; %s%n",
                phase, roundTrips, h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0,
                h.getValueAtPercentile(99.9) / 1000.0, h.getMaxValue() / 1000.0, cpu);
    }

    /** The CPU time (user and system, from the OS) of the server's process and of this one, the clients' and peers'. */
    private record Cpu(long serverNanos, long harnessNanos) {
        static Cpu of(ServerProcess server) {
            return new Cpu(server.cpu().toNanos(), ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos());
        }

        String since(Cpu start, int seconds) {
            return String.format(Locale.ROOT, "CPU of a core: server %.0f%%, clients and peers %.0f%%",
                    100.0 * (serverNanos - start.serverNanos) / (seconds * 1e9), 100.0 * (harnessNanos - start.harnessNanos) / (seconds * 1e9));
        }
    }

    /**
     * Asks each peer to stop after its connection in progress and waits for them; a peer still
     * running after the handshake deadline and 2 s more (at most 4 s) has its connection closed.
     */
    private static void stopPeers(List<TlsHostilePeer> peers, List<Thread> threads, long handshakeMillis) throws InterruptedException {
        for (TlsHostilePeer p : peers) {
            p.stop();
        }
        long deadline = System.nanoTime() + Math.min(handshakeMillis + 2_000, 4_000) * 1_000_000L;
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
        }
        for (int i = 0; i < peers.size(); i++) {
            if (threads.get(i).isAlive()) {
                System.out.println("[tls-hostile] a " + threads.get(i).getName() + " peer did not finish its connection: closed by the harness");
                peers.get(i).abort();
            }
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
    }
}
