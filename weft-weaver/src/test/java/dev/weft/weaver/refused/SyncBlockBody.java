package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** A body that awaits inside a synchronized block: refused. */
final class SyncBlockBody {
    private final Object lock = new Object();

    Future<Integer> body() {
        return Weft.async(() -> {
            synchronized (lock) {
                return await(Future.ready(1)); // refused: synchronized block
            }
        });
    }
}
