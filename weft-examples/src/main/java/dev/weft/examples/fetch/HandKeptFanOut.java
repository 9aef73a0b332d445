package dev.weft.examples.fetch;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.sync.Semaphore;
import dev.weft.task.Task;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link ScopedFanOut} without a task scope, as one writes it with tasks alone: a hand-kept list
 * of tasks, the first failure recorded by hand, a loop that cancels the others, a second loop that
 * waits for each to end, and the outputs collected in order. Kept to show what the scope saves
 * (its test compares the two programs' sizes) and that it behaves the same.
 *
 * {@snippet :
 * List<String> bodies = await(HandKeptFanOut.fetchAll(server, paths, 20));
 * }
 */
public final class HandKeptFanOut {
    private HandKeptFanOut() {}

    /**
     * @param server the HTTP server
     * @param paths what to fetch
     * @param limit the most requests in flight
     * @return the bodies, in the order of {@code paths}; fails with the first failure
     */
    public static Future<List<String>> fetchAll(InetSocketAddress server, List<String> paths, int limit) {
        return Weft.async(() -> {
            Semaphore inFlight = new Semaphore(limit);
            AtomicReference<Throwable> firstFailure = new AtomicReference<>();
            List<Task<String>> tasks = new ArrayList<>();
            try {
                for (String path : paths) {
                    await(inFlight.acquire(1));
                    if (firstFailure.get() != null) break;
                    Task<String> task = Task.spawn(Weft.async(() -> {
                        try {
                            return await(Get.get(server, path));
                        } catch (Exception e) {
                            if (firstFailure.compareAndSet(null, e)) {
                                synchronized (tasks) {
                                    for (Task<String> t : tasks) t.cancel();
                                }
                            }
                            throw e;
                        } finally {
                            inFlight.release(1);
                        }
                    }));
                    synchronized (tasks) {
                        tasks.add(task);
                    }
                }
                List<String> bodies = new ArrayList<>();
                for (Task<String> t : tasks) {
                    try {
                        bodies.add(await(t));
                    } catch (Exception e) {
                        firstFailure.compareAndSet(null, e);
                        break;
                    }
                }
                if (firstFailure.get() instanceof Exception e) throw e;
                return bodies;
            } finally {
                for (Task<String> t : tasks) t.cancel();
                for (Task<String> t : tasks) await(t.cancelAndJoin());
            }
        });
    }
}
