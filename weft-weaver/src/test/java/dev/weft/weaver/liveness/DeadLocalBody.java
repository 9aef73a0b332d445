package dev.weft.weaver.liveness;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.lang.ref.WeakReference;
import java.util.List;

/** A body whose big local is dead at its second await, and one whose local stays live there. */
public final class DeadLocalBody {
    private DeadLocalBody() {}

    /**
     * @param seen receives a weak reference to the big array
     * @param first a ready future
     * @param second the future the body suspends on
     * @return the body: the array's length plus the second output
     */
    public static Future<Integer> deadAtSecondAwait(List<WeakReference<byte[]>> seen, Future<Integer> first,
            Future<Integer> second) {
        return Weft.async(() -> {
            byte[] big = new byte[1 << 20];
            seen.add(new WeakReference<>(big));
            int n = big.length + await(first);
            return n + await(second); // big is dead here
        });
    }

    /**
     * @param seen receives a weak reference to the big array
     * @param second the future the body suspends on
     * @return the body: the array's length plus the output, read after the await
     */
    public static Future<Integer> liveAtAwait(List<WeakReference<byte[]>> seen, Future<Integer> second) {
        return Weft.async(() -> {
            byte[] big = new byte[1 << 20];
            seen.add(new WeakReference<>(big));
            int v = await(second);
            return big.length + v; // big is live across the await
        });
    }
}
