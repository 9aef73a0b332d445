package dev.weft.weaver.diff.trace;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;

/** A body whose stack trace and local variables {@link WovenDebugInfoTest} reads. */
public final class Traces {
    private Traces() {}

    /** Throws after its awaits, with locals of several types live across them. */
    public static Future<String> throwsAfterAwait(Probe p) {
        return Weft.async(() -> {
            String word = await(p.later("woven", 1));
            int length = word.length();
            long total = 0;
            for (int round = 0; round < 2; round++) {
                double half = await(p.remote(round + 0.5));
                total += (long) (half * length);
            }
            if (total > 0) throw new IllegalStateException("thrown after await: " + word + " " + total);
            return word;
        });
    }
}
