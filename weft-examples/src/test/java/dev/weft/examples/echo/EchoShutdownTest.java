package dev.weft.examples.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.task.Task;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The echo servers' graceful shutdown with many connections mid-exchange: the grace lets clients
 * end their exchange (every byte comes back, then the end of the stream), those still exchanging
 * when it is over are closed by the cancel, connects are refused from the start of the shutdown,
 * and the shutdown ends only once every connection task has ended. The same test runs against the
 * woven server and the stackful one.
 */
class EchoShutdownTest {
    private static final int CONNECTIONS = 40;
    private static final int MESSAGE = 1024;
    private static final Duration GRACE = Duration.ofMillis(1500);
    /** What the checks allow beyond the grace: scheduling on a busy 2-core machine, not a hang. */
    private static final Duration SLACK = Duration.ofSeconds(3);
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    /** What both echo servers offer for the test. */
    private record Server(int port, Function<Duration, Task<Long>> shutdown, IntSupplier connections, AutoCloseable closer) {}

    /** What one client saw after the shutdown began. */
    private record Seen(boolean finisher, int exchangesAfterBegin, boolean echoedWhole, long closedAtNanos) {}

    @Test
    @Timeout(60)
    void theWovenServerLetsExchangesEndWithinTheGraceThenClosesEveryConnection() throws Exception {
        WovenEchoServer s = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0));
        shutDownMidExchange(new Server(s.port(), s::shutdown, s::connections, s));
    }

    @Test
    @Timeout(60)
    void theStackfulServerLetsExchangesEndWithinTheGraceThenClosesEveryConnection() throws Exception {
        CoroutineEchoServer s = CoroutineEchoServer.start(new InetSocketAddress("127.0.0.1", 0));
        shutDownMidExchange(new Server(s.port(), s::shutdown, s::connections, s));
    }

    /**
     * Half the clients are finishers: once the shutdown began they send one more message, half-close
     * and read to the end. The others keep exchanging until the server closes them.
     */
    private static void shutDownMidExchange(Server server) throws Exception {
        try (AutoCloseable _ = server.closer()) {
            CountDownLatch exchanging = new CountDownLatch(CONNECTIONS);
            CountDownLatch begun = new CountDownLatch(1);
            long[] begunAt = new long[1];
            Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
            Queue<Seen> seen = new ConcurrentLinkedQueue<>();
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                boolean finisher = i % 2 == 0;
                Socket socket = connect(server.port());
                Random random = new Random(i);
                clients.add(Thread.ofVirtual().start(() -> {
                    try (socket) {
                        seen.add(finisher ? finish(socket, random, exchanging, begun) : stay(socket, random, exchanging, begun));
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }));
            }
            assertThat(exchanging.await(20, TimeUnit.SECONDS)).as("every client exchanged once").isTrue();
            assertThat(server.connections().getAsInt()).isEqualTo(CONNECTIONS);

            begunAt[0] = System.nanoTime();
            Task<Long> ended = server.shutdown().apply(GRACE);
            begun.countDown();
            assertConnectsAreRefusedSoon(server.port());
            long accepted = Weft.blockOn(ended);
            long took = System.nanoTime() - begunAt[0];
            int alive = server.connections().getAsInt();

            for (Thread t : clients) assertThat(t.join(Duration.ofSeconds(20))).as("client ended").isTrue();
            assertThat(failures).isEmpty();
            assertThat(alive).as("connection tasks alive when the shutdown ended").isZero();
            assertThat(accepted).isEqualTo(CONNECTIONS);
            assertThat(Duration.ofNanos(took)).as("the stayers hold the shutdown for the grace, then are cancelled")
                    .isBetween(GRACE, GRACE.plus(SLACK));
            assertThat(seen).hasSize(CONNECTIONS);
            for (Seen s : seen) {
                if (s.finisher()) {
                    assertThat(s.echoedWhole()).as("a finisher got its last message back, then the end").isTrue();
                    assertThat(Duration.ofNanos(s.closedAtNanos() - begunAt[0])).isLessThan(GRACE);
                } else {
                    assertThat(s.exchangesAfterBegin()).as("a stayer still exchanged during the grace").isPositive();
                    assertThat(Duration.ofNanos(s.closedAtNanos() - begunAt[0])).as("a stayer closed by the cancel")
                            .isBetween(GRACE, GRACE.plus(SLACK));
                }
            }
        }
    }

    /** Exchanges until the shutdown begins, then one last message, a half-close, and the rest to the end. */
    private static Seen finish(Socket socket, Random random, CountDownLatch exchanging, CountDownLatch begun) throws Exception {
        exchange(socket, random);
        exchanging.countDown();
        while (begun.getCount() > 0) exchange(socket, random);
        byte[] last = new byte[MESSAGE];
        random.nextBytes(last);
        socket.getOutputStream().write(last);
        socket.shutdownOutput();
        byte[] back = socket.getInputStream().readAllBytes(); // to the end of the stream, or the read timeout
        return new Seen(true, 0, Arrays.equals(back, last), System.nanoTime());
    }

    /** Exchanges until the server closes the connection: the end of the stream, or a reset. */
    private static Seen stay(Socket socket, Random random, CountDownLatch exchanging, CountDownLatch begun) throws Exception {
        exchange(socket, random);
        exchanging.countDown();
        int afterBegin = 0;
        while (true) {
            boolean begunBefore = begun.getCount() == 0;
            try {
                if (!exchange(socket, random)) break;
            } catch (SocketTimeoutException hung) {
                throw new AssertionError("the server neither echoed nor closed within " + READ_TIMEOUT_MILLIS + " ms", hung);
            } catch (SocketException closed) { // reset by the server's close while we wrote or read
                break;
            }
            if (begunBefore) afterBegin++;
            Thread.sleep(20); // mid-exchange, not flooding: the grace is for the connection, not for bytes
        }
        return new Seen(false, afterBegin, false, System.nanoTime());
    }

    /** @return whether the message came back whole (false: the server closed the connection) */
    private static boolean exchange(Socket socket, Random random) throws IOException {
        byte[] sent = new byte[MESSAGE];
        random.nextBytes(sent);
        socket.getOutputStream().write(sent);
        InputStream in = socket.getInputStream();
        byte[] back = in.readNBytes(MESSAGE);
        if (back.length < MESSAGE) return false;
        assertThat(back).isEqualTo(sent);
        return true;
    }

    /** Within the slack, a connect is refused (the listener is closed). */
    private static void assertConnectsAreRefusedSoon(int port) throws Exception {
        long end = System.nanoTime() + SLACK.toNanos();
        while (true) {
            try (Socket late = new Socket("127.0.0.1", port)) {
                late.setSoTimeout(READ_TIMEOUT_MILLIS);
                // accepted before the listener closed: it must be closed by the shutdown too
                assertThat(late.getInputStream().read()).isEqualTo(-1);
            } catch (ConnectException refused) {
                return;
            } catch (SocketException reset) {
                // reset while in the backlog of the closing listener: try again
            }
            assertThat(System.nanoTime()).as("a connect refused within %s", SLACK).isLessThan(end);
            Thread.sleep(10);
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        return s;
    }
}
