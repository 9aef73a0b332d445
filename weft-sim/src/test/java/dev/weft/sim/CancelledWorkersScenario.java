package dev.weft.sim;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A job queue whose worker pool shrinks: four workers wait for one job each; at 10 ms a
 * supervisor cancels two of them (they are no longer needed) and a dispatcher sends two jobs,
 * then waits for both answers. Whatever order the tasks run in, the two remaining workers must
 * get the two jobs: a receiver cancelled after it was notified must pass its wake-up on. The
 * order that loses a wake-up when that hand-over is broken needs the dispatcher to run before the
 * supervisor and the two cancelled workers to be the first two waiting: about one seed in twelve.
 *
 * {@snippet :
 * sim.run(CancelledWorkersScenario.run());   // ready with 2, or a SimDeadlockException
 * }
 */
final class CancelledWorkersScenario {
    private CancelledWorkersScenario() {}

    static Future<Integer> run() {
        return Weft.async(() -> {
            Channel<Integer> jobs = Channel.unbounded();
            Channel<Integer> answers = Channel.unbounded();
            List<Task<Void>> workers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int id = w;
                // a combinator, not a coroutine body: cancelling a stackful coroutine unwinds it on
                // the coroutine carrier pool, a real thread, which a simulation refuses
                workers.add(Task.spawn(Future.lazy(() -> jobs.receiver().recv()).then(job -> answers.sender().send(job * 10 + id))));
            }
            Task<Void> supervisor = Task.spawn(Weft.async(() -> {
                await(Time.sleep(Duration.ofMillis(10)));
                workers.get(0).cancel();
                workers.get(1).cancel();
                return null;
            }));
            Task<Void> dispatcher = Task.spawn(Weft.async(() -> {
                await(Time.sleep(Duration.ofMillis(10)));
                await(jobs.sender().send(1));
                await(jobs.sender().send(2));
                return null;
            }));
            await(supervisor);
            await(dispatcher);
            int answered = 0;
            int sum = 0;
            while (answered < 2) {
                int a = await(answers.receiver().recv());
                sum += a / 10;
                answered++;
            }
            if (sum != 3) throw new AssertionError("jobs 1 and 2 each answered once, got job sum " + sum);
            return answered;
        });
    }
}
