package dev.weft.testkit;

import dev.weft.future.Future;
import dev.weft.future.Poll;

/** Futures that wake themselves: work for a runtime's workers that needs no other thread. */
public final class SelfWaking {
    private SelfWaking() {}

    /**
     * @param n how many times to wake itself and answer pending
     * @return a future that is ready with {@code n} on its {@code n + 1}-th poll
     */
    public static Future<Integer> yielding(int n) {
        int[] left = {n};
        return cx -> {
            if (left[0]-- == 0) return Poll.ready(n);
            cx.waker().wake();
            return Poll.pending();
        };
    }
}
