package dev.weft.examples.echo;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.SimChaos;
import dev.weft.examples.SimWire;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.sim.SimHost;
import dev.weft.sim.SimNet;
import dev.weft.sim.SimRuntime;
import dev.weft.task.Task;
import dev.weft.test.WeftSim;
import dev.weft.time.Time;
import java.io.EOFException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterAll;

/**
 * The woven echo server ({@link WovenEchoServer#echo}, the production code, unchanged) on a
 * simulated network: eight clients on hosts of their own send random payloads while
 * {@link SimChaos} partitions, resets and isolates; every byte that comes back is compared with
 * what was sent, a broken round is retried on a new connection, and when the faults are over
 * every client finishes all its rounds and the server holds no connection.
 *
 * <p>Seeds by hand: {@code -Dweft.sim.seeds=10000} (see the README for the command and time).
 */
class EchoSimTest {
    private static final int PORT = 7;
    private static final int CLIENTS = 8;
    private static final int ROUNDS = 16;
    private static final int MAX_PAYLOAD = 48 * 1024;
    private static final Duration LIMIT = Duration.ofSeconds(1);

    private static final AtomicLong RUNS = new AtomicLong();
    private static final AtomicLong RETRIES = new AtomicLong();
    private static final AtomicLong CONNECTIONS_RESET = new AtomicLong();

    /** What one client saw. */
    private record Outcome(int rounds, long bytes, int retries) {}

    @WeftSim(seeds = 40)
    void everyByteComesBackInOrderThroughPartitionsResetsAndIsolation(SimRuntime sim, SimNet net) throws IOException {
        SimHost server = net.host("server");
        TcpListener listener = await(server.spawn(Weft.async(() -> TcpListener.bind("0.0.0.0", PORT))));
        Task<Long> acceptor = server.spawn(Accepting.loop(listener, WovenEchoServer::echo));

        List<SimHost> hosts = new ArrayList<>();
        List<Task<Outcome>> clients = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            SimHost h = net.host("client-" + i);
            hosts.add(h);
            clients.add(h.spawn(client(sim.random())));
        }
        SimChaos.Report chaos = await(Task.spawn(SimChaos.run(sim.random(), net, server, hosts, Duration.ofSeconds(15))));

        long retries = 0;
        for (Task<Outcome> c : clients) {
            Outcome o = await(c);
            assertThat(o.rounds()).isEqualTo(ROUNDS);
            retries += o.retries();
        }
        await(Time.sleep(Duration.ofSeconds(2))); // the last FINs cross the network
        assertThat(server.openSockets()).as("the server holds its listener and nothing else").isEqualTo(1);
        assertThat(net.openConnections()).isZero();
        assertThat(chaos.faults()).isPositive();
        listener.close();
        assertThat(await(acceptor)).as("connections accepted").isGreaterThanOrEqualTo(CLIENTS);

        RUNS.incrementAndGet();
        RETRIES.addAndGet(retries);
        CONNECTIONS_RESET.addAndGet(chaos.connectionsReset());
    }

    /** Over every seed: the faults did break rounds, and clients did retry them. */
    @AfterAll
    static void theFaultsBrokeConnectionsThatTheClientsThenReplaced() {
        System.out.printf("EchoSimTest: %d runs, %d connections reset by the faults, %d rounds retried%n",
                RUNS.get(), CONNECTIONS_RESET.get(), RETRIES.get());
        if (RUNS.get() < 10) return; // a replay of one seed proves its own run only
        assertThat(CONNECTIONS_RESET.get()).as("connections reset over %d runs", RUNS.get()).isPositive();
        assertThat(RETRIES.get()).as("rounds retried over %d runs", RUNS.get()).isGreaterThan(RUNS.get());
    }

    /**
     * {@code ROUNDS} round trips of random payloads; a reset, a refusal or a time-out ends the
     * connection and the round is tried again on a new one after a short pause.
     */
    private static Future<Outcome> client(RandomGenerator random) {
        return Weft.async(() -> {
            SimWire wire = null;
            int rounds = 0, retries = 0;
            long bytes = 0;
            while (rounds < ROUNDS) {
                byte[] sent = new byte[1 + random.nextInt(MAX_PAYLOAD)];
                random.nextBytes(sent);
                try {
                    if (wire == null) wire = await(SimWire.connect("server", PORT, LIMIT));
                    await(wire.write(sent));
                    byte[] back = await(wire.bytes(sent.length));
                    if (!Arrays.equals(sent, back)) {
                        throw new AssertionError("round " + rounds + ": the echo of " + sent.length
                                + " bytes differs at index " + Arrays.mismatch(sent, back));
                    }
                    rounds++;
                    bytes += sent.length;
                    await(Time.sleep(Duration.ofMillis(random.nextInt(1500)))); // think: spread over the faults
                } catch (Exception e) {
                    if (e instanceof EOFException) {
                        throw new AssertionError("the server ended a connection the client had not ended", e);
                    }
                    if (!SimWire.isNetworkFault(e)) throw e;
                    retries++;
                    if (wire != null) wire.close();
                    wire = null;
                    await(Time.sleep(Duration.ofMillis(10 + random.nextInt(90))));
                }
            }
            if (wire != null && !await(wire.finish())) retries++; // a fault after the last round
            return new Outcome(rounds, bytes, retries);
        });
    }
}
