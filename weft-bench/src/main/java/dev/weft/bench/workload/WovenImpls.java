package dev.weft.bench.workload;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.sync.WaitGroup;
import dev.weft.task.Task;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The task bodies of W2, W3, W5 and W8 for {@code impl=weft-woven}: the source of
 * {@link StackfulImpls}, word for word, but through {@code Weft.async}, which the weaver
 * ({@code weft-weaver}'s Maven plugin, run on weft-bench's classes) rewrites into state-machine
 * futures (subclasses of {@link WovenFuture}); plus W7's link, which has no stackful twin. Each
 * method returns a future to spawn on the work-stealing executor exactly where the {@code weft}
 * implementation spawns its hand-written futures.
 *
 * {@snippet :
 * // W2, impl=weft-woven (wired in W2Yield): T tasks, each yielding Y times
 * WovenImpls.checkWoven();
 * for (int t = 0; t < T; t++) handles.add(Task.spawn(WovenImpls.yielder(Y)));
 * }
 *
 * <p>Without the weaver, {@code Weft.async} returns stackful coroutines and these bodies would
 * measure {@code weft-stackful} a second time, so each workload calls {@link #checkWoven()} first.
 */
public final class WovenImpls {
    /** The runner's implementation name. */
    public static final String IMPL = "weft-woven";

    /** What W7's link awaits: ready at once, and allocates nothing to say so. */
    private static final Future<Void> GO = Future.ready(null);

    private WovenImpls() {}

    /**
     * Fails unless every body of this class was woven: each makes one future from placeholder
     * arguments (never polled) and must get a {@link WovenFuture}.
     *
     * @throws IllegalStateException if weft-bench was built without the weaver
     */
    public static void checkWoven() {
        Supplier<Future<Integer>> never = Future::pending;
        check(yielder(1));
        check(pinger(1, i -> Future.pending(), never));
        check(ponger(1, never, i -> Future.pending()));
        check(idle(Future.pending()));
        check(link(0, () -> { }, new AtomicInteger()));
        check(scopedRounds(1, 1));
        check(yieldThenReturn(1));
        check(parkForever(new WaitGroup(), new AtomicInteger()));
    }

    private static void check(Future<?> made) {
        if (made instanceof WovenFuture<?>) return;
        made.cancel(); // a coroutine never polled: cancelling it before it runs releases it
        throw new IllegalStateException("impl=" + IMPL + " needs the weaver: build weft-bench with the weft-weaver plugin"
                + " (Weft.async returned a " + made.getClass().getName() + ", not a WovenFuture)");
    }

    /**
     * W2: a task that yields to the scheduler {@code yields} times.
     *
     * @param yields how many times to yield ({@code await(Future.yieldNow())}, Tokio's
     *     {@code yield_now().await})
     * @return the woven future; its output is {@code yields}, for checking
     */
    public static Future<Integer> yielder(int yields) {
        return Weft.async(() -> {
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
     * @return the woven future; its output is the sum of the answers (B answers {@code i + 1}),
     *     which must equal {@code rounds * (rounds + 1) / 2}
     */
    public static Future<Long> pinger(int rounds, IntFunction<? extends Future<?>> send,
            Supplier<? extends Future<Integer>> receive) {
        return Weft.async(() -> {
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
     * @return the woven future; its output is the number of answers
     */
    public static Future<Integer> ponger(int rounds, Supplier<? extends Future<Integer>> receive,
            IntFunction<? extends Future<?>> send) {
        return Weft.async(() -> {
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
     * memory (the woven future holding {@code receive} as its captured value and its child) is
     * what W5 measures.
     *
     * @param receive the receive future
     * @param <T> the message type
     * @return the woven future
     */
    public static <T> Future<T> idle(Future<T> receive) {
        return Weft.async(() -> await(receive));
    }

    /**
     * W7: one link of a chain, the body of {@code impl=weft}'s link as a woven future: spawns the
     * next link (detached) and counts the spawn, or, as the last link, signals the end. The weaver
     * weaves only bodies that await, so the link first awaits a shared ready future: one inline
     * poll that never suspends, standing in for the nothing that Tokio's {@code async move} link
     * awaits.
     *
     * @param left links still to spawn after this one
     * @param last run by the last link
     * @param spawns counts the spawns
     * @return the woven future
     */
    public static Future<Void> link(int left, Runnable last, AtomicInteger spawns) {
        return Weft.async(() -> {
            await(GO);
            if (left == 0) {
                last.run();
            } else {
                spawns.incrementAndGet();
                Task.spawn(link(left - 1, last, spawns)).detach();
            }
            return null;
        });
    }

    /**
     * W8: R rounds of scoped fan-out (WORKLOADS.md): a scope ({@code Joiner.allInOrder()}) of
     * {@code n} children that yield once and return {@code i + 1}, joined and summed; then a
     * scope of {@code n} children that park for ever, awaited until all started, cancelled as a
     * whole and awaited until every child ended. Each scope is closed by try-with-resources: the
     * weaver makes a scope's {@code close()} an await of its closing.
     *
     * @param rounds the rounds (R)
     * @param n the children per scope (N)
     * @return the woven future; its output is the children that ended, 2·R·N
     */
    public static Future<Long> scopedRounds(int rounds, int n) {
        return Weft.async(() -> {
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
     * @return the woven future
     */
    public static Future<Integer> yieldThenReturn(int value) {
        return Weft.async(() -> {
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
     * @return the woven future
     */
    public static Future<Void> parkForever(WaitGroup started, AtomicInteger ended) {
        return Weft.async(() -> {
            started.done();
            try {
                return await(Future.<Void>pending());
            } finally {
                ended.incrementAndGet();
            }
        });
    }
}
