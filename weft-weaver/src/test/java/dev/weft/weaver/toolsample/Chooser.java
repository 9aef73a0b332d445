package dev.weft.weaver.toolsample;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** One {@code Weft.async} call site that two lambdas reach, through a conditional: both are woven. */
public final class Chooser {
    private Chooser() {}

    /**
     * @param first which lambda
     * @param value awaited by either
     * @return {@code value + 1} (first) or {@code value + 2}
     */
    public static Future<Integer> choose(boolean first, Future<Integer> value) {
        return Weft.async(first ? () -> await(value) + 1 : () -> await(value) + 2);
    }
}
