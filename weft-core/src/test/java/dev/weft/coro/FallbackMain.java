package dev.weft.coro;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Run by {@link NoFlagsFallbackTest} in a child JVM started without {@code --add-opens}: prints one
 * line per check, which the test compares.
 */
public final class FallbackMain {
    private FallbackMain() {}

    public static void main(String[] args) throws Exception {
        System.out.println("mechanism=" + Coroutine.mechanism());
        Gate<Integer> gate = new Gate<>();
        Future<String> f = Weft.async(() -> {
            boolean virtual = Thread.currentThread().isVirtual();
            int v = await(gate);
            return "virtual=" + virtual + " value=" + v;
        });
        Thread.ofPlatform().start(() -> {
            while (!gate.hasWaiter()) Thread.onSpinWait();
            gate.open(5);
        });
        System.out.println(Weft.blockOn(f));
        try {
            Weft.blockOn(Weft.async(() -> { throw new IllegalStateException("body failed"); }));
        } catch (IllegalStateException e) {
            System.out.println("exception=" + e.getMessage());
        }
        CountDownLatch unwound = new CountDownLatch(1);
        Gate<Integer> never = new Gate<>();
        String[] seen = new String[1];
        Future<Integer> c = Weft.async(() -> {
            try {
                return await(never);
            } catch (CancellationException e) {
                seen[0] = "cancelled";
                throw e;
            } finally {
                unwound.countDown();
            }
        });
        c.poll(Context.noop());
        while (!never.hasWaiter()) Thread.onSpinWait();
        c.cancel();
        System.out.println("unwound=" + unwound.await(10, TimeUnit.SECONDS) + " " + seen[0]);
    }
}
