package dev.weft.examples.fetch;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.sync.Semaphore;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Fetches many paths with at most {@code limit} requests in flight, and stops everything at the
 * first 5xx: a task scope owns the requests, so its first failure cancels every request still in
 * flight and the scope's close waits until each has closed its connection. Compare
 * {@link HandKeptFanOut}, the same program without a scope.
 *
 * {@snippet :
 * List<String> bodies = await(ScopedFanOut.fetchAll(server, paths, 20));
 * }
 */
public final class ScopedFanOut {
    private ScopedFanOut() {}

    /**
     * @param server the HTTP server
     * @param paths what to fetch
     * @param limit the most requests in flight
     * @return the bodies, in the order of {@code paths}; fails with the first failure
     */
    public static Future<List<String>> fetchAll(InetSocketAddress server, List<String> paths, int limit) {
        return Weft.async(() -> {
            Semaphore inFlight = new Semaphore(limit);
            try (TaskScope<String, List<String>> scope = TaskScope.open(Joiner.allInOrder())) {
                for (String path : paths) {
                    await(inFlight.acquire(1));
                    if (scope.isStopped()) break;
                    scope.spawn(Weft.async(() -> {
                        try {
                            return await(Get.get(server, path));
                        } finally {
                            inFlight.release(1);
                        }
                    }));
                }
                return await(scope.join());
            }
        });
    }
}
