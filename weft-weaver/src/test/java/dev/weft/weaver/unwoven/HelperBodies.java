package dev.weft.weaver.unwoven;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;

/** A woven body that calls a helper which awaits but was not written as a Weft.async body. */
public final class HelperBodies {
    private HelperBodies() {}

    /**
     * @param first awaited by the body itself, so the body is woven
     * @param inner awaited by the unwoven helper
     * @return the woven body's future
     */
    public static Future<Integer> body(Future<Integer> first, Future<Integer> inner) {
        return Weft.async(() -> {
            int a = await(first);
            return a + helper(inner); // calls the unwoven helper
        });
    }

    static int helper(Future<Integer> f) {
        return await(f); // the unwoven await
    }
}
