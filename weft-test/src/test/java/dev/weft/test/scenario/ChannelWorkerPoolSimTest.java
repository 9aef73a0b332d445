package dev.weft.test.scenario;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import dev.weft.sim.SimRuntime;
import dev.weft.sync.Channel;
import dev.weft.sync.Receiver;
import dev.weft.sync.Sender;
import dev.weft.task.Task;
import dev.weft.test.WeftSim;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A worker pool that scales down: each round the dispatcher starts a pool of workers that each
 * take ONE job from a shared job channel, work on it (a sleep: awaited work, others run meanwhile)
 * and answer on a reply channel. It sends fewer jobs than there are workers, a few at a time,
 * then retires the surplus: it cancels workers that have not picked up a job yet. It keeps the
 * job channel open and awaits every reply, checking each: every job answered exactly once, with
 * the right value, by a worker that was not cancelled.
 *
 * <p>A worker that was woken for a job but cancelled before it ran must hand its wake-up on to a
 * worker that still waits, or that job waits forever beside sleeping workers. This is the scenario
 * of the lost-wakeup demonstration: with the bug that {@code LostWakeMutant} puts back, a cancelled
 * receiver passes its wake-up on only if no other receiver holds one, and the seeds whose order
 * hits that end in a {@code SimDeadlockException}. {@code ChannelWorkerPoolMutantTest} runs this
 * class with the bug and checks that; without it, every seed passes.
 *
 * <p>Workers are combinators ({@code Future.lazy(...).then(...)}), not coroutine bodies:
 * cancelling a started stackful coroutine unwinds it on a real carrier thread, which a
 * simulation refuses.
 */
class ChannelWorkerPoolSimTest {
    static final int ROUNDS = 3;
    static final int WORKERS = 5;

    record Reply(int job, int worker, long value) {}

    static long work(int job) {
        return (long) job * job + 7;
    }

    @WeftSim(seeds = 200)
    void everyJobIsAnsweredOnceWithItsValueWhileIdleWorkersAreRetired(SimRuntime sim) {
        RandomGenerator random = sim.random();
        Channel<Integer> jobs = Channel.unbounded();
        Channel<Reply> replies = Channel.unbounded();
        int nextJob = 0;
        for (int round = 0; round < ROUNDS; round++) {
            boolean[] picked = new boolean[WORKERS];
            List<Task<Void>> workers = new ArrayList<>();
            for (int w = 0; w < WORKERS; w++) {
                workers.add(Task.spawn(worker(w, picked, jobs.receiver(), replies.sender(), random)));
            }
            await(Future.yieldNow()); // the workers start waiting (some of them, in some order)
            int count = 1 + random.nextInt(WORKERS - 1);
            int first = nextJob;
            for (int j = 0; j < count; j++) {
                await(jobs.sender().send(nextJob++));
                if (random.nextInt(3) == 0) await(Future.yieldNow());
            }
            List<Task<Void>> kept = new ArrayList<>();
            int toRetire = WORKERS - count;
            for (int w = 0; w < WORKERS; w++) {
                if (toRetire > 0 && !picked[w]) {
                    workers.get(w).cancel();
                    toRetire--;
                } else {
                    kept.add(workers.get(w));
                }
            }
            boolean[] answered = new boolean[count];
            for (int k = 0; k < count; k++) {
                Reply r = await(replies.receiver().recv());
                assertThat(r.job()).as("a job of round %d", round).isBetween(first, first + count - 1);
                assertThat(answered[r.job() - first]).as("job %d answered twice", r.job()).isFalse();
                answered[r.job() - first] = true;
                assertThat(r.value()).as("the answer to job %d", r.job()).isEqualTo(work(r.job()));
            }
            for (Task<Void> t : kept) await(t);
        }
        assertThat(jobs.receiver().tryRecv()).as("no job left over").isNull();
    }

    /** Takes one job, works on it, answers it, ends. */
    private static Future<Void> worker(int id, boolean[] picked, Receiver<Integer> jobs, Sender<Reply> replies,
            RandomGenerator random) {
        return Future.lazy(() -> jobs.recv()).then(job -> {
            picked[id] = true;
            return Time.sleep(Duration.ofMillis(1 + random.nextInt(20)))
                    .then(done -> replies.send(new Reply(job, id, work(job))));
        });
    }
}
