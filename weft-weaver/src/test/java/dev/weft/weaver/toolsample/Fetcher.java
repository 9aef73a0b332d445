package dev.weft.weaver.toolsample;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** One body for the tools to weave: two awaits, the second of a future pending once, a local live across it. */
public final class Fetcher {
    private Fetcher() {}

    /**
     * @param first the first value
     * @param add added to it after a yield
     * @return {@code first + add}
     */
    public static Future<Integer> fetch(Future<Integer> first, int add) {
        return Weft.async(() -> {
            int a = await(first);
            await(Future.yieldNow());
            return a + add;
        });
    }
}
