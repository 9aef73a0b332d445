package dev.weft.weaver.toolsample;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** A body the weaver refuses (an await inside a synchronized block); it still runs, stackful. */
public final class Locked {
    private static final Object LOCK = new Object();

    private Locked() {}

    /**
     * @param value the output
     * @return {@code value}, awaited under a lock
     */
    public static Future<Integer> locked(int value) {
        return Weft.async(() -> {
            synchronized (LOCK) {
                return await(Future.ready(value));
            }
        });
    }
}
