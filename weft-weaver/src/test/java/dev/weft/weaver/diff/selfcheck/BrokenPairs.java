package dev.weft.weaver.diff.selfcheck;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.concurrent.Callable;

/** Body pairs that break the differential's rules on purpose: {@link HarnessSelfCheckTest} expects it to fail. */
public final class BrokenPairs {
    private BrokenPairs() {}

    /** The twin returns something else. */
    public static Future<String> valueDiffers(Probe p) {
        return Weft.async(() -> "woven " + await(p.later(1, 1)));
    }

    public static Callable<String> valueDiffersBlocking(Probe p) {
        return () -> "blocking " + await(p.later(1, 1));
    }

    /** The twin logs something else. */
    public static Future<String> logDiffers(Probe p) {
        return Weft.async(() -> {
            p.log("async");
            return "same " + await(p.remote(1));
        });
    }

    public static Callable<String> logDiffersBlocking(Probe p) {
        return () -> {
            p.log("blocking");
            return "same " + await(p.remote(1));
        };
    }

    /** The twin throws another exception. */
    public static Future<String> failureDiffers(Probe p) {
        return Weft.async(() -> await(p.failUnchecked("async")));
    }

    public static Callable<String> failureDiffersBlocking(Probe p) {
        return () -> await(p.failChecked("async"));
    }

    /** No await: the weaver leaves it stackful, which the differential must notice. */
    public static Future<String> neverWoven(Probe p) {
        return Weft.async(() -> "plain");
    }

    public static Callable<String> neverWovenBlocking(Probe p) {
        return () -> "plain";
    }
}
