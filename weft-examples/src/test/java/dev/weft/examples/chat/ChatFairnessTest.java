package dev.weft.examples.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.RuntimeMetrics;
import dev.weft.exec.WorkerMetrics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One client floods the chat at a steady rate while healthy clients read everything promptly:
 * with the default 64-message outbox, no healthy client may be dropped as slow. Each run starts a
 * fresh server and prints one line: healthy clients dropped, lines each got, the worst delay of a
 * line from the flooder's send to a healthy client's read, and the runtime's counters.
 *
 * <p>One short run by default; {@code -Dweft.chat.runs=20} for the full series, with
 * {@code -Dweft.chat.rate} (lines/s, default 1000), {@code -Dweft.chat.seconds} (default 3),
 * {@code -Dweft.chat.clients} (healthy ones, default 8), {@code -Dweft.chat.workers} (default 2),
 * {@code -Dweft.chat.outbox} (default 64).
 */
class ChatFairnessTest {
    private static final int RUNS = Integer.getInteger("weft.chat.runs", 1);
    private static final int RATE = Integer.getInteger("weft.chat.rate", 1000);
    private static final int SECONDS = Integer.getInteger("weft.chat.seconds", 3);
    private static final int CLIENTS = Integer.getInteger("weft.chat.clients", 8);
    private static final int WORKERS = Integer.getInteger("weft.chat.workers", 2);
    private static final int OUTBOX = Integer.getInteger("weft.chat.outbox", ChatConfig.DEFAULT_OUTBOX);

    /** What one run saw. */
    private record Run(int dropped, long minLines, long worstDelayMicros, RuntimeMetrics metrics) {}

    @Test
    @Timeout(600)
    void noHealthyClientIsDroppedWhileOneFloods() throws Exception {
        List<Integer> dropped = new ArrayList<>();
        for (int run = 1; run <= RUNS; run++) {
            Run r = once();
            dropped.add(r.dropped());
            System.out.printf("chat fairness run %d/%d: rate=%d/s workers=%d outbox=%d clients=%d: dropped=%d,"
                            + " lines min=%d of %d, worst delay=%.1f ms, %s%n",
                    run, RUNS, RATE, WORKERS, OUTBOX, CLIENTS, r.dropped(), r.minLines(), (long) RATE * SECONDS,
                    r.worstDelayMicros() / 1000.0, counters(r.metrics()));
        }
        System.out.println("chat fairness: healthy clients dropped per run: " + dropped);
        assertThat(dropped).as("healthy clients dropped per run").allMatch(n -> n == 0);
    }

    private static Run once() throws Exception {
        ChatConfig config = ChatConfig.onPort(0).withWorkers(WORKERS).withOutbox(OUTBOX);
        try (ChatServer server = ChatServer.start(config)) {
            int port = server.port();
            List<ChatClient> healthy = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) healthy.add(ChatClient.join(port, "h" + i));
            ChatClient flooder = ChatClient.join(port, "flood");
            long total = (long) RATE * SECONDS;
            AtomicLong worst = new AtomicLong();
            long[] got = new long[CLIENTS];
            boolean[] cut = new boolean[CLIENTS];
            CountDownLatch done = new CountDownLatch(CLIENTS);
            List<Thread> readers = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                int me = i;
                ChatClient c = healthy.get(i);
                readers.add(Thread.ofPlatform().daemon().start(() -> {
                    try {
                        for (String l; (l = c.readLine()) != null; ) {
                            if (!l.startsWith("flood: ")) continue;
                            long sentAt = Long.parseLong(l.substring(l.indexOf(' ', 7) + 1));
                            worst.accumulateAndGet((System.nanoTime() - sentAt) / 1000, Math::max);
                            if (++got[me] == total) break;
                        }
                        if (got[me] < total) cut[me] = true;
                    } catch (IOException | RuntimeException e) {
                        cut[me] = true;
                    } finally {
                        done.countDown();
                    }
                }));
            }
            Thread drain = Thread.ofPlatform().daemon().start(() -> {
                try {
                    flooder.readToEnd(); // the flooder reads what it gets too: it is not slow, only loud
                } catch (IOException ignored) {
                    // closed at the end of the run
                }
            });
            long period = 1_000_000_000L / RATE;
            long start = System.nanoTime();
            for (long n = 0; n < total; n++) {
                long due = start + n * period;
                for (long wait; (wait = due - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
                flooder.send(n + " " + System.nanoTime());
            }
            assertThat(done.await(30, TimeUnit.SECONDS)).as("every healthy reader got all or was cut off").isTrue();
            RuntimeMetrics metrics = server.runtime().metrics();
            int droppedCount = 0;
            long min = Long.MAX_VALUE;
            for (int i = 0; i < CLIENTS; i++) {
                if (cut[i]) droppedCount++;
                min = Math.min(min, got[i]);
            }
            for (ChatClient c : healthy) c.close();
            flooder.close();
            drain.join(10_000);
            for (Thread t : readers) t.join(10_000);
            return new Run(droppedCount, min, worst.get(), metrics);
        }
    }

    private static String counters(RuntimeMetrics m) {
        long polls = 0, lifo = 0, steals = 0, budget = 0, parks = 0;
        for (WorkerMetrics w : m.workers()) {
            polls += w.polls();
            lifo += w.lifoHits();
            steals += w.steals();
            budget += w.budgetYields();
            parks += w.parks();
        }
        return "polls=" + polls + " lifoHits=" + lifo + " steals=" + steals + " budgetYields=" + budget + " parks=" + parks;
    }
}
