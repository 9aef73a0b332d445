package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Blocking code that awaits a stackful child body is cancelled by an interrupt of its thread, and
 * the interrupt must reach it whatever the child is doing. A thread carrying a virtual thread
 * loses interrupts (the JDK clears the carrier's status as it mounts and unmounts one), so while
 * the blocking thread carried the child's steps itself, a cancel that landed during a step was
 * lost and the job waited for ever (found by the weaver's fuzzer: a cancelled blocking program
 * whose cancelAndJoin never ended). The child here yields in a loop, so the blocking thread is
 * nearly always inside one of its steps when the cancel comes.
 */
@Timeout(120)
class BlockingCallerCancelTest {

    @Test
    void aBlockingJobAwaitingABusyStackfulChildIsCancelledAndItsChildUnwinds() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("blocking-cancel-").build()) {
            for (int round = 0; round < 20; round++) {
                AtomicInteger childFinally = new AtomicInteger();
                CountDownLatch childRunning = new CountDownLatch(1);
                Task<Object> job = rt.spawn(rt.blockingPool().unblock(() -> await(Weft.async(() -> {
                    try {
                        childRunning.countDown();
                        while (true) await(Future.yieldNow());
                    } finally {
                        childFinally.incrementAndGet();
                    }
                }))));
                assertThat(childRunning.await(10, TimeUnit.SECONDS)).isTrue();
                Thread.sleep(round % 5); // a cancel at some point of the child's steps
                rt.blockOn(Time.timeout(job.cancelAndJoin(), Duration.ofSeconds(10))); // TimeoutException: lost
                assertThat(job.isDone()).isTrue();
                assertThat(childFinally).as("round %d: the child's finally ran", round).hasValue(1);
                try {
                    rt.blockOn(job);
                } catch (CancellationException expected) {
                    // the job's outcome
                }
            }
        }
    }
}
