package dev.weft.bench.soak;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak: {@code connections} healthy clients against the server JVM for {@code samples}
 * intervals, one line an interval (the server's heap after a GC, fds, threads; the round trips and
 * errors of that interval), then the growth verdict (see {@link #grew}) and, after every client has closed, the
 * server's fds against its count before the first connection.
 */
final class SoakRun {
    private SoakRun() {}

    /** A figure grows if the mean of the last third exceeds the first third's by the margin. */
    static boolean grew(List<Long> samples, double ratio, long slack) {
        int third = Math.max(1, samples.size() / 3);
        double first = samples.subList(0, third).stream().mapToLong(Long::longValue).average().orElse(0);
        double last = samples.subList(samples.size() - third, samples.size()).stream()
                .mapToLong(Long::longValue).average().orElse(0);
        return last > first * ratio + slack;
    }

    static double mean(List<Long> samples, boolean lastThird) {
        int third = Math.max(1, samples.size() / 3);
        List<Long> l = lastThird ? samples.subList(samples.size() - third, samples.size()) : samples.subList(0, third);
        return l.stream().mapToLong(Long::longValue).average().orElse(0);
    }

    static int run(int connections, int samples, int intervalSeconds, int maxPayload) throws Exception {
        try (ServerProcess server = ServerProcess.start("512m")) {
            ServerProcess.Stats base = server.stats();
            System.out.printf(Locale.ROOT, "[soak] server pid %d port %d: %d connections, %d s, payloads 1..%d B, a line every %d s%n",
                    server.pid(), server.port(), connections, samples * intervalSeconds, maxPayload, intervalSeconds);
            System.out.printf(Locale.ROOT, "[soak] before any connection: heap %.1f MiB, fds %d, threads %d%n",
                    base.heapAfterGc() / 1048576.0, base.fds(), base.threads());
            HealthyClient.Counters c = new HealthyClient.Counters();
            List<HealthyClient> clients = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                HealthyClient h = new HealthyClient(server.port(), maxPayload, 0x50a4L * 1_000_003 + i, c, ns -> { });
                h.connect();
                clients.add(h);
            }
            for (HealthyClient h : clients) {
                threads.add(Thread.ofVirtual().name("soak-client").start(h));
            }
            List<Long> heap = new ArrayList<>();
            List<Long> fds = new ArrayList<>();
            List<Long> thr = new ArrayList<>();
            long prevRt = 0;
            long prevErr = 0;
            long start = System.nanoTime();
            for (int k = 1; k <= samples; k++) {
                long due = start + Duration.ofSeconds((long) k * intervalSeconds).toNanos();
                for (long now; (now = System.nanoTime()) < due; ) {
                    Thread.sleep(Math.max(1, (due - now) / 1_000_000));
                }
                ServerProcess.Stats s = server.stats();
                long rt = c.roundTrips.sum();
                long err = c.errors.sum();
                heap.add(s.heapAfterGc());
                fds.add(s.fds());
                thr.add(s.threads());
                System.out.printf(Locale.ROOT, "[soak] %3d/%d  heap_after_gc %7.1f MiB  fds %5d  threads %3d  round_trips %9d (total %10d)  errors %d (total %d)  mismatches %d%n",
                        k, samples, s.heapAfterGc() / 1048576.0, s.fds(), s.threads(), rt - prevRt, rt,
                        err - prevErr, err, c.mismatches.sum());
                System.out.flush();
                prevRt = rt;
                prevErr = err;
            }
            long running = threads.stream().filter(Thread::isAlive).count();
            for (HealthyClient h : clients) {
                h.stop();
            }
            for (Thread t : threads) {
                t.join(10_000);
            }
            ServerProcess.Stats after = server.stats();
            for (int tries = 0; tries < 50 && after.fds() > base.fds(); tries++) {
                Thread.sleep(100);
                after = server.stats();
            }
            boolean heapGrew = grew(heap, 1.25, 4L << 20);
            boolean fdsGrew = grew(fds, 1.0, 10);
            boolean thrGrew = grew(thr, 1.0, 4);
            boolean fdsLeft = after.fds() > base.fds() + 2;
            System.out.println("[soak] rule: a figure grew if the mean of the last third of the samples exceeds the first third's"
                    + " by more than: heap x1.25 + 4 MiB, fds +10, threads +4");
            System.out.printf(Locale.ROOT, "[soak] heap    first third %.1f MiB, last third %.1f MiB: %s%n",
                    mean(heap, false) / 1048576.0, mean(heap, true) / 1048576.0, heapGrew ? "GREW" : "flat");
            System.out.printf(Locale.ROOT, "[soak] fds     first third %.1f, last third %.1f: %s%n",
                    mean(fds, false), mean(fds, true), fdsGrew ? "GREW" : "flat");
            System.out.printf(Locale.ROOT, "[soak] threads first third %.1f, last third %.1f: %s%n",
                    mean(thr, false), mean(thr, true), thrGrew ? "GREW" : "flat");
            System.out.printf(Locale.ROOT, "[soak] after every client closed: fds %d (before the first connection %d): %s; heap %.1f MiB, threads %d%n",
                    after.fds(), base.fds(), fdsLeft ? "LEFT OPEN" : "all closed", after.heapAfterGc() / 1048576.0, after.threads());
            System.out.printf(Locale.ROOT, "[soak] round trips %d, errors %d, mismatches %d, clients running at the end %d/%d, server alive %b%n",
                    c.roundTrips.sum(), c.errors.sum(), c.mismatches.sum(), running, connections, server.alive());
            for (String e : c.firstErrors) {
                System.out.println("[soak]   error: " + e);
            }
            boolean ok = running == connections && !heapGrew && !fdsGrew && !thrGrew && !fdsLeft && c.errors.sum() == 0 && c.mismatches.sum() == 0;
            System.out.println("[soak] VERDICT: " + (ok ? "PASS (no growth, every byte verified, no error)" : "FAIL"));
            return ok ? 0 : 1;
        } catch (IOException e) {
            System.out.println("[soak] VERDICT: FAIL (" + e + ")");
            return 1;
        }
    }
}
