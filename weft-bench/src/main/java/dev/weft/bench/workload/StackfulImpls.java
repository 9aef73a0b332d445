package dev.weft.bench.workload;

import static dev.weft.Weft.await;

import dev.weft.coro.Coroutine;
import dev.weft.coro.Mechanism;
import dev.weft.future.Future;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.sync.WaitGroup;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The task bodies of W2, W3, W5 and W8 written as stackful coroutines, for {@code impl=weft-stackful}
 * beside {@code impl=weft}: each method returns a coroutine future to spawn on the work-stealing
 * executor exactly where the {@code weft} implementation spawns its hand-written futures. They take
 * the primitives (yield, channel send / receive) as arguments so this file needs nothing from the
 * layers that provide them.
 *
 * <p>They call {@link Coroutine#async}, never {@code Weft.async}: the weaver rewrites
 * {@code Weft.async} call sites only, so these bodies stay stackful in a woven build.
 * {@link WovenImpls} has the same bodies through {@code Weft.async}, for {@code impl=weft-woven}.
 *
 * {@snippet :
 * // W2, impl=weft-stackful (wired in W2Yield): T tasks, each yielding Y times
 * for (int t = 0; t < T; t++) handles.add(Task.spawn(StackfulImpls.yielder(Y)));
 * // W3: A and B of one pair over two bounded(1) channels (dev.weft.sync), simplest wiring;
 * // W3PingPong wires them with trySend and AsyncStream.nextOrNull instead, as its weft impl sends
 * // and receives
 * Task.spawn(StackfulImpls.pinger(R, i -> ab.sender().send(i), () -> ba.receiver().recv()));
 * Task.spawn(StackfulImpls.ponger(R, () -> ab.receiver().recv(), v -> ba.sender().send(v)));
 * }
 *
 * <p>Coroutine bodies need {@code --add-opens java.base/java.lang=ALL-UNNAMED} to suspend; without
 * it they run on plain virtual threads, which would measure the JDK's scheduler instead, so each
 * workload calls {@link #checkMechanism()} first.
 */
public final class StackfulImpls {
    /** The runner's implementation name. */
    public static final String IMPL = "weft-stackful";

    private StackfulImpls() {}

    /**
     * Fails unless coroutines really suspend in this JVM (the runner passes the flags; without
     * them the numbers would be the JDK scheduler's).
     *
     * @throws IllegalStateException if {@code --add-opens java.base/java.lang} is missing
     */
    public static void checkMechanism() {
        if (Coroutine.mechanism() != Mechanism.SUSPENDING) {
            throw new IllegalStateException("impl=" + IMPL + " needs --add-opens java.base/java.lang=ALL-UNNAMED");
        }
    }

    /**
     * W2: a task that yields to the scheduler {@code yields} times.
     *
     * @param yields how many times to yield ({@code await(Future.yieldNow())}, Tokio's
     *     {@code yield_now().await})
     * @return the coroutine; its output is {@code yields}, for checking
     */
    public static Future<Integer> yielder(int yields) {
        return Coroutine.async(() -> {
            int n = 0;
            for (int i = 0; i < yields; i++) {
                await(Future.yieldNow());
                n++;
            }
            return n;
        });
    }

    /**
     * W3, side A of a pair: sends {@code i}, awaits the answer, {@code rounds} times.
     *
     * @param rounds round trips
     * @param send sends a number to B over a bounded(1) channel (the future completes once sent)
     * @param receive receives B's answer
     * @return the coroutine; its output is the sum of the answers (B answers {@code i + 1}), which
     *     must equal {@code rounds * (rounds + 1) / 2}
     */
    public static Future<Long> pinger(int rounds, IntFunction<? extends Future<?>> send,
            Supplier<? extends Future<Integer>> receive) {
        return Coroutine.async(() -> {
            long sum = 0;
            for (int i = 0; i < rounds; i++) {
                await(send.apply(i));
                sum += await(receive.get());
            }
            return sum;
        });
    }

    /**
     * W3, side B of a pair: receives a number and answers it plus one, {@code rounds} times.
     *
     * @param rounds round trips
     * @param receive receives A's number
     * @param send sends the answer to A
     * @return the coroutine; its output is the number of answers
     */
    public static Future<Integer> ponger(int rounds, Supplier<? extends Future<Integer>> receive,
            IntFunction<? extends Future<?>> send) {
        return Coroutine.async(() -> {
            int n = 0;
            for (int i = 0; i < rounds; i++) {
                int v = await(receive.get());
                await(send.apply(v + 1));
                n++;
            }
            return n;
        });
    }

    /**
     * W5: a task that awaits one receive whose sender never sends: it stays suspended, and its
     * memory (virtual thread, frozen stack chunk, coroutine future) is what W5 measures.
     *
     * @param receive the receive future
     * @param <T> the message type
     * @return the coroutine
     */
    public static <T> Future<T> idle(Future<T> receive) {
        return Coroutine.async(() -> await(receive));
    }

    /**
     * W8: R rounds of scoped fan-out (WORKLOADS.md): a scope ({@code Joiner.allInOrder()}) of
     * {@code n} children that yield once and return {@code i + 1}, joined and summed; then a
     * scope of {@code n} children that park for ever, awaited until all started, cancelled as a
     * whole and awaited until every child ended. Each scope is closed by try-with-resources, whose
     * {@code close()} waits for the children as an await does, without blocking a carrier.
     *
     * @param rounds the rounds (R)
     * @param n the children per scope (N)
     * @return the coroutine; its output is the children that ended, 2·R·N
     */
    public static Future<Long> scopedRounds(int rounds, int n) {
        return Coroutine.async(() -> {
            long children = 0;
            for (int r = 0; r < rounds; r++) {
                try (TaskScope<Integer, List<Integer>> summing = TaskScope.open(Joiner.allInOrder())) {
                    for (int i = 0; i < n; i++) summing.spawn(yieldThenReturn(i + 1));
                    children += W8Scoped.checkOutputs(await(summing.join()), n);
                }
                WaitGroup started = new WaitGroup(n);
                AtomicInteger ended = new AtomicInteger();
                try (TaskScope<Object, Void> parking = TaskScope.open()) {
                    for (int i = 0; i < n; i++) parking.spawn(parkForever(started, ended));
                    await(started.await());
                    parking.cancel();
                }
                children += W8Scoped.checkEnded(ended.get(), n);
            }
            return children;
        });
    }

    /**
     * W8, a child of the first scope: yields once, then returns {@code value}.
     *
     * @param value the output
     * @return the coroutine
     */
    public static Future<Integer> yieldThenReturn(int value) {
        return Coroutine.async(() -> {
            await(Future.yieldNow());
            return value;
        });
    }

    /**
     * W8, a child of the second scope: counts itself started, then awaits a future that never
     * completes ({@code Future.pending()}) until it is cancelled; its {@code finally} counts it
     * ended.
     *
     * @param started counted down once the child runs
     * @param ended counted up as the child unwinds
     * @return the coroutine
     */
    public static Future<Void> parkForever(WaitGroup started, AtomicInteger ended) {
        return Coroutine.async(() -> {
            started.done();
            try {
                return await(Future.<Void>pending());
            } finally {
                ended.incrementAndGet();
            }
        });
    }
}
