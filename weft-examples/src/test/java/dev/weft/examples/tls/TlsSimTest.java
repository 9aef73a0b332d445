package dev.weft.examples.tls;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.SimChaos;
import dev.weft.examples.http.SelfSigned;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsConnector;
import dev.weft.net.tls.TlsContexts;
import dev.weft.net.tls.TlsStream;
import dev.weft.sim.SimHost;
import dev.weft.sim.SimNet;
import dev.weft.sim.SimRuntime;
import dev.weft.task.Task;
import dev.weft.test.WeftSim;
import dev.weft.time.Time;
import java.io.IOException;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TLS over the simulated network: a TLS echo server and four clients on hosts of their own while
 * {@link SimChaos} partitions, resets and isolates; every byte that comes back is compared, a
 * broken round (a reset, a handshake or read past its deadline on virtual time) is retried on a
 * new connection, and the same seed gives the same trace. The certificate's key is RSA, whose
 * signatures have one length, so that the bytes on the wire (not their values) repeat.
 */
class TlsSimTest {
    private static final int PORT = 443;
    private static final int CLIENTS = 4;
    private static final int ROUNDS = 6;
    private static final Duration LIMIT = Duration.ofSeconds(2);

    private static SelfSigned.Pem pem;

    @BeforeAll
    static void certificate() throws Exception {
        pem = SelfSigned.write(Files.createTempDirectory("tls-sim"), "RSA");
    }

    /**
     * Contexts of their own for each run: a context caches sessions, and a run that resumed the
     * sessions of an earlier one would not replay its seed alone.
     */
    static Future<Void> scenario(SimRuntime sim, SimNet net) {
        try {
            TlsAcceptor acceptor = TlsAcceptor.of(TlsContexts.fromPem(pem.cert(), pem.key())).withHandshakeTimeout(LIMIT);
            TlsConnector connector = TlsConnector.of(TlsContexts.trusting(pem.cert())).withHandshakeTimeout(LIMIT);
            return scenario(sim, net, acceptor, connector);
        } catch (IOException | GeneralSecurityException e) {
            throw new AssertionError("the certificate made for this test does not read", e);
        }
    }

    @WeftSim(seeds = 12)
    void everyByteComesBackOverTlsThroughPartitionsResetsAndIsolation(SimRuntime sim, SimNet net) {
        await(scenario(sim, net));
    }

    @Test
    void theSameSeedGivesTheSameTrace() {
        SimRuntime.runTwiceAndCompare(SimRuntime.builder(40), sim -> scenario(sim, sim.net()));
    }

    static Future<Void> scenario(SimRuntime sim, SimNet net, TlsAcceptor acceptor, TlsConnector connector) {
        return Weft.async(() -> {
            SimHost server = net.host("server");
            TcpListener listener = await(server.spawn(Weft.async(() -> TcpListener.bind("0.0.0.0", PORT))));
            Task<Long> accepting = server.spawn(Accepting.loop(listener, s -> echo(acceptor, s)));
            List<SimHost> hosts = new ArrayList<>();
            List<Task<Integer>> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                SimHost h = net.host("client-" + i);
                hosts.add(h);
                clients.add(h.spawn(client(connector, sim.random())));
            }
            SimChaos.Report chaos = await(Task.spawn(SimChaos.run(sim.random(), net, server, hosts, Duration.ofSeconds(10))));
            for (Task<Integer> c : clients) assertThat(await(c)).isEqualTo(ROUNDS);
            assertThat(chaos.faults()).isPositive();
            listener.close();
            await(accepting);
            return null;
        });
    }

    /** The server's connection: the handshake, then every byte back until the client's close_notify. */
    static Future<Void> echo(TlsAcceptor acceptor, TcpStream s) {
        return Weft.async(() -> {
            try (TlsStream tls = await(acceptor.accept(s))) {
                await(AsyncIo.copy(tls, tls));
                await(tls.shutdown());
            } catch (IOException gone) {
                // a fault of the network: this connection ends
            }
            return null;
        });
    }

    /** {@code ROUNDS} round trips, each on a new TLS connection, retried after a fault. */
    static Future<Integer> client(TlsConnector connector, RandomGenerator random) {
        return Weft.async(() -> {
            int rounds = 0;
            while (rounds < ROUNDS) {
                byte[] sent = new byte[1 + random.nextInt(40_000)];
                random.nextBytes(sent);
                TcpStream tcp = null;
                try {
                    tcp = await(Time.timeout(TcpStream.connect("server", PORT), LIMIT));
                    try (TlsStream tls = await(connector.connect(tcp, "localhost", PORT))) {
                        tcp = null; // the TLS stream owns it
                        await(tls.writeAll(sent));
                        await(tls.shutdown());
                        byte[] back = await(Time.timeout(AsyncIo.readToEnd(tls), Duration.ofSeconds(5)));
                        if (!Arrays.equals(sent, back)) throw new AssertionError("round " + rounds + ": the echo differs");
                    }
                    rounds++;
                } catch (IOException | TimeoutException fault) {
                    if (tcp != null) tcp.close();
                    await(Time.sleep(Duration.ofMillis(10 + random.nextInt(200))));
                }
            }
            return rounds;
        });
    }
}
