package dev.weft.weaver.diff.cancel;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.concurrent.CancellationException;

/** Bodies to cancel, poll after their end, or unwind: see {@link WovenCancellationTest}. */
public final class Cancellables {
    private Cancellables() {}

    /** Suspended on a never-ready child inside a try-with-resources and a try/finally. */
    public static Future<String> suspendedInsideResourceAndFinally(Probe p) {
        return Weft.async(() -> {
            try (Probe.Resource r = p.resource("r")) {
                try {
                    p.log("start " + r.name());
                    String v = await(p.never());
                    p.log("resumed " + v);
                    return v;
                } finally {
                    p.log("finally");
                }
            }
        });
    }

    /** Logs as soon as it runs, then waits forever. */
    public static Future<String> logsThenWaits(Probe p) {
        return Weft.async(() -> {
            p.log("ran");
            return await(p.never());
        });
    }

    /** Ready on its second poll. */
    public static Future<String> completesAfterOnePendingPoll(Probe p) {
        return Weft.async(() -> "done " + await(p.later("x", 1)));
    }

    /** Throws on its second poll. */
    public static Future<String> throwsAfterOnePendingPoll(Probe p) {
        return Weft.async(() -> {
            String v = await(p.later("x", 1));
            throw new ArithmeticException("thrown after " + v);
        });
    }

    /** A finally that awaits while the body unwinds from a cancellation. */
    public static Future<String> awaitsInFinallyWhileCancelled(Probe p) {
        return Weft.async(() -> {
            try {
                return await(p.never());
            } finally {
                p.log("finally");
                try {
                    p.log("not refused " + await(p.ready("x")));
                } catch (CancellationException e) {
                    p.log("refused a CancellationException");
                }
            }
        });
    }

    /** Suspended on its third poll inside two finally blocks in a loop. */
    public static Future<String> suspendedInNestedFinallyInsideLoop(Probe p) {
        return Weft.async(() -> {
            for (int i = 0; ; i++) {
                try {
                    try {
                        p.log("iteration " + i);
                        if (i == 2) await(p.never());
                        else await(p.later(i, 1));
                    } finally {
                        p.log("inner finally " + i);
                    }
                } finally {
                    p.log("outer finally " + i);
                }
            }
        });
    }

    /** A finally that throws while the body unwinds from a cancellation. */
    public static Future<String> finallyThrowsWhileUnwinding(Probe p) {
        return Weft.async(() -> {
            try {
                return await(p.never());
            } finally {
                p.log("finally");
                fail("thrown while unwinding");
            }
        });
    }

    /** Catches the cancellation and returns. */
    public static Future<String> catchesCancellationAndReturns(Probe p) {
        return Weft.async(() -> {
            try {
                return await(p.never());
            } catch (CancellationException e) {
                p.log("caught a CancellationException");
                return "swallowed";
            }
        });
    }

    /** Suspended on a woven future that is itself suspended on a never-ready child. */
    public static Future<String> awaitsNestedAsyncBody(Probe p) {
        return Weft.async(() -> {
            try {
                return await(Weft.async(() -> {
                    try {
                        return await(p.<String>never());
                    } finally {
                        p.log("inner finally");
                    }
                }));
            } finally {
                p.log("outer finally");
            }
        });
    }

    private static void fail(String message) {
        throw new IllegalStateException(message);
    }

    /** Yields inside a try/finally, forever: suspended at {@code await(Future.yieldNow())}. */
    public static Future<String> yieldsInsideFinally(Probe p) {
        return Weft.async(() -> {
            try {
                while (true) {
                    p.log("yield");
                    await(Future.yieldNow());
                }
            } finally {
                p.log("finally");
            }
        });
    }
}
