package dev.weft.weaver.refused;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.util.concurrent.Callable;

/** A lambda that reaches a {@code Weft.async} call together with a {@code Callable} from elsewhere: left stackful. */
final class SharedSite {
    private SharedSite() {}

    static Future<Integer> body(boolean c, Callable<Integer> other, Future<Integer> f) {
        return Weft.async(c ? () -> await(f) : other); // shared call site
    }
}
