package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.future.Future;
import dev.weft.future.Pair;
import java.time.Duration;

/** The demo the README's first command runs: shows what Weft can do today. */
public final class Demo {
    private Demo() {}

    /**
     * Runs the demo.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        long start = System.nanoTime();
        System.out.println("Weft demo on Java " + Runtime.version());

        System.out.println("\n1. Counter future (seed 000): ready on its 3rd poll, waking itself each time");
        int polls = await(new CounterFuture(3));
        System.out.println("  -> await returned " + polls);

        System.out.println("\n2. Timer future (seed 000): woken from another thread after 50 ms");
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

        System.out.printf("%nDemo done in %d ms.%n", (System.nanoTime() - start) / 1_000_000);
    }
}
