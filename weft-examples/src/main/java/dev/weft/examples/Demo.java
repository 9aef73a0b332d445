package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.coro.WovenFuture;
import dev.weft.examples.echo.EchoLoad;
import dev.weft.examples.echo.EchoServer;
import dev.weft.future.Future;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import dev.weft.time.Time;
import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.Expander;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import dev.weft.future.Pair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The demo the README's first command runs: shows what Weft can do today. */
public final class Demo {
    private Demo() {}

    /**
     * Runs the demo.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run();
    }

    /** Two calls deep, the coroutine suspends in {@code await}; the worker runs others meanwhile. */
    private static String outer() {
        return "outer(" + inner() + ")";
    }

    private static String inner() {
        await(Time.sleep(Duration.ofMillis(20)));
        return "inner slept 20 ms";
    }

    /**
     * Seed 000's {@code fetch}: two awaits in a row. The weaver turns the lambda into a
     * {@link WovenFuture} whose fields keep only what is live across an await: here just its label,
     * since {@code a} is used up before the second await and {@code b} after it. Unwoven, it runs as
     * a stackful coroutine.
     */
    static Future<Integer> fetch() {
        return Weft.async(() -> {
            int a = await(op1());
            int b = await(op2(a));
            return b + 1;
        });
    }

    /** Pending for 10 ms, then 20. */
    private static Future<Integer> op1() {
        return Time.sleep(Duration.ofMillis(10)).map(done -> 20);
    }

    /** Pending for 10 ms, then {@code a * 2}. */
    private static Future<Integer> op2(int a) {
        return Time.sleep(Duration.ofMillis(10)).map(done -> a * 2);
    }

    /**
     * The woven section: runs {@link #fetch()} on {@code rt} and expands the fetch body of this
     * class's own class file (woven at build time, or as compiled when the agent weaves at load
     * time: the expansion is the same).
     *
     * @param rt where to run it
     * @return the section's lines after its title
     */
    static List<String> wovenFetch(dev.weft.exec.WeftRuntime rt) {
        Future<Integer> f = fetch();
        boolean woven = f instanceof WovenFuture;
        List<String> lines = new ArrayList<>();
        lines.add("  -> fetch() = " + rt.blockOn(f) + ", ran as a WovenFuture: " + woven
                + (woven ? "" : " (this build did not weave: it ran as a stackful coroutine)"));
        lines.add("  -> Expander.expand(Demo.class, \"fetch\"):");
        String expanded = Expander.expand(ownClassFile(), ClassResolver.of(Demo.class.getClassLoader()), "fetch", false);
        expanded.lines().forEach(l -> lines.add(l.isEmpty() ? "" : "     " + l));
        return lines;
    }

    /**
     * Section 9's consumer, woven: sums the channel's messages until the senders close it. It
     * awaits {@code nextOrNull()}, which a channel's stream makes once for all its messages, so the
     * loop makes no future per message.
     *
     * @param ch the channel to drain
     * @return the sum, once the channel is closed and drained
     */
    static Future<Integer> summing(Channel<Integer> ch) {
        return Weft.async(() -> {
            int total = 0;
            var messages = ch.receiver().stream(); // ends when the sender closes
            for (Integer m; (m = await(messages.nextOrNull())) != null; ) total += m;
            return total;
        });
    }

    private static byte[] ownClassFile() {
        try (InputStream in = Demo.class.getResourceAsStream("Demo.class")) {
            if (in == null) throw new IllegalStateException("Demo.class is not readable as a resource");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading Demo.class", e);
        }
    }

    private static void run() {
        long start = System.nanoTime();
        System.out.println("Weft demo on Java " + Runtime.version());

        System.out.println("\n1. Counter future: ready on its 3rd poll, waking itself each time");
        int polls = await(new CounterFuture(3));
        System.out.println("  -> await returned " + polls);

        System.out.println("\n2. Timer future: woken from another thread after 50 ms");
        long t0 = System.nanoTime();
        String t = await(new TimerFuture("50ms", Duration.ofMillis(50)));
        System.out.printf("  -> await returned %s after %d ms%n", t, (System.nanoTime() - t0) / 1_000_000);

        System.out.println("\n3. join: a 30 ms timer and a counter, run together");
        Pair<String, Integer> both = await(Future.join(new TimerFuture("30ms", Duration.ofMillis(30)), new CounterFuture(2)));
        System.out.println("  -> join returned " + both);

        System.out.println("\n4. race: a 20 ms timer against a 10 s timer; the loser is cancelled");
        String winner = await(Future.race(new TimerFuture("20ms", Duration.ofMillis(20)), new TimerFuture("10s", Duration.ofSeconds(10))));
        System.out.println("  -> race returned " + winner);

        System.out.println("\n5. map/then chain: ready(20).map(x -> x + 1).then(x -> ready(x * 2))");
        int v = await(Future.ready(20).map(x -> x + 1).then(x -> Future.ready(x * 2)));
        System.out.println("  -> " + v);

        System.out.println("\n6. Tasks on the work-stealing executor (2 workers): spawn 100,000, await each");
        try (dev.weft.exec.WeftRuntime rt = dev.weft.exec.WeftRuntime.builder().workers(2).build()) {
            long sum = rt.blockOn(Future.lazy(() -> {
                java.util.List<Task<Integer>> tasks = new java.util.ArrayList<>();
                for (int i = 0; i < 100_000; i++) tasks.add(Task.spawn(Future.ready(i + 1)));
                return Future.joinAll(tasks).map(l -> l.stream().mapToLong(Integer::longValue).sum());
            }));
            System.out.println("  -> sum of outputs = " + sum + " (expected 5000050000)");

            System.out.println("\n7. A stackful coroutine: straight-line code that suspends two calls deep");
            String out = rt.blockOn(Coroutine.async(() -> outer()));
            System.out.println("  -> " + out);

            System.out.println("\n8. Seed 000's fetch, woven: await(op1()), then await(op2(a)), as a state machine");
            wovenFetch(rt).forEach(System.out::println);

            System.out.println("\n9. A channel between two tasks, and a timeout that cancels a slow sleep");
            var ch = Channel.<Integer>bounded(1);
            Task<Integer> consumer = rt.spawn(summing(ch));
            rt.blockOn(Weft.async(() -> {
                for (int i = 1; i <= 100; i++) await(ch.sender().send(i));
                ch.sender().close();
                return null;
            }));
            System.out.println("  -> consumer summed " + await(consumer) + " (expected 5050)");
            try {
                await(Time.timeout(Time.sleep(Duration.ofSeconds(10)), Duration.ofMillis(50)));
            } catch (java.util.concurrent.TimeoutException e) { // caught by its own type
                System.out.println("  -> timeout after 50 ms: " + e.getClass().getSimpleName());
            }
        }

        System.out.println("\n10. TCP echo on 127.0.0.1: Weft server, built-in load generator, 50 connections, 3 s");
        try (EchoServer server = EchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            EchoLoad.Result r = EchoLoad.run(server.port(), 50, Duration.ofSeconds(3));
            System.out.printf("  -> %.0f round trips/s, p50 %d us, p99 %d us (%d round trips, every byte checked)%n",
                    r.roundTripsPerSecond(), r.p50Micros(), r.p99Micros(), r.roundTrips());
        } catch (Exception e) {
            throw new IllegalStateException("echo demo failed", e);
        }

        System.out.printf("%nDemo done in %d ms.%n", (System.nanoTime() - start) / 1_000_000);
    }
}
