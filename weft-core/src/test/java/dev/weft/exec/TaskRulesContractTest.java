package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import dev.weft.future.Waker;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The task rules, as one contract every way of running futures must keep: the work-stealing
 * runtime, a {@link LocalExecutor} and {@link BlockOn#blockOn} (one thread per future). Wakes come
 * from two other threads at random moments ({@link CheckingFuture}): the future is never polled by
 * two threads at once, never after it completed, and no wake is lost (every future completes).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TaskRulesContractTest {
    private static final int FUTURES = 64;
    private static final int WAKES = 2_000 * (Boolean.getBoolean("weft.stress") ? 10 : 1);

    /** A way of running futures to completion while other threads wake them. */
    enum Runner {
        WORK_STEALING {
            @Override
            void runAll(List<CheckingFuture> fs, Runnable wakers) throws Exception {
                try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
                    List<Task<Integer>> ts = new ArrayList<>();
                    for (CheckingFuture f : fs) ts.add(rt.spawn(f));
                    wakers.run();
                    for (Task<Integer> t : ts) rt.blockOn(t);
                }
            }
        },
        LOCAL_EXECUTOR {
            @Override
            void runAll(List<CheckingFuture> fs, Runnable wakers) throws Exception {
                try (LocalExecutor ex = new LocalExecutor()) {
                    List<Task<Integer>> ts = new ArrayList<>();
                    for (CheckingFuture f : fs) ts.add(ex.spawn(f));
                    Thread starter = Thread.ofPlatform().start(wakers);
                    ex.run(TestFutures.sumAll(ts));
                    starter.join();
                }
            }
        },
        BLOCK_ON {
            @Override
            void runAll(List<CheckingFuture> fs, Runnable wakers) throws Exception {
                List<Thread> threads = new ArrayList<>();
                for (CheckingFuture f : fs) {
                    threads.add(Thread.ofPlatform().start(() -> BlockOn.blockOn((Future<Integer>) f)));
                }
                wakers.run();
                for (Thread t : threads) t.join();
            }
        };

        /** Runs every future to completion; {@code wakers} starts the waking threads and waits for them. */
        abstract void runAll(List<CheckingFuture> fs, Runnable wakers) throws Exception;
    }

    private static Runnable wakersFor(List<CheckingFuture> fs) {
        return () -> {
            List<Thread> threads = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                int me = k;
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int round = 0; round < WAKES; round++) {
                        for (int i = me; i < fs.size(); i += 2) {
                            CheckingFuture f = fs.get(i);
                            Waker w;
                            while ((w = f.waker()) == null) Thread.onSpinWait();
                            f.progress().incrementAndGet();
                            w.wake();
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    @ParameterizedTest
    @EnumSource(Runner.class)
    void wakesFromOtherThreadsNeverCauseConcurrentOrLatePollsAndAreNeverLost(Runner runner) throws Exception {
        Supplier<List<CheckingFuture>> make = () -> {
            List<CheckingFuture> fs = new ArrayList<>();
            for (int i = 0; i < FUTURES; i++) fs.add(new CheckingFuture(i, WAKES, i % 4 == 0 ? 2_000 : 0));
            return fs;
        };
        List<CheckingFuture> fs = make.get();
        runner.runAll(fs, wakersFor(fs));
        for (CheckingFuture f : fs) {
            assertThat(f.completed()).as("%s completed (a lost wake leaves it waiting)", f).isTrue();
            assertThat(f.violations()).as("%s rule violations", f).isZero();
        }
    }
}
