package dev.weft.weaver.diff.cancel;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.time.Time;
import dev.weft.weaver.testkit.Probe;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;

/**
 * Bodies that are cancelled while a child body or their own {@code finally} does something other
 * than unwind quietly: a child that swallows the cancellation, a child inside a race, a
 * {@code finally} that throws. See {@link ExactCancellationTest}.
 */
public final class Unwindings {
    private Unwindings() {}

    /** Awaits a child body directly; the child catches the cancellation and returns a value. */
    public static Future<String> awaitsAChildThatSwallowsTheCancellation(Probe p) {
        return Weft.async(() -> {
            String v = await(Weft.async(() -> {
                try {
                    p.log("child waits");
                    return await(p.<String>never());
                } catch (CancellationException e) {
                    p.log("child caught the cancellation");
                    return "the child's value";
                }
            }));
            p.log("parent went on with " + v);
            return v;
        });
    }

    /** Races a child body that waits for ever against a future that never completes. */
    public static Future<String> racesAChildBody(Probe p) {
        return Weft.async(() -> {
            try {
                return await(Future.race(Weft.async(() -> {
                    try {
                        p.log("child waits");
                        return await(p.<String>never());
                    } finally {
                        p.log("child finally");
                    }
                }), p.<String>never()));
            } finally {
                p.log("parent finally");
            }
        });
    }

    /** A body whose finally throws while it unwinds: awaited under a timeout that expires. */
    public static Future<String> finallyThrowsUnderATimeout(Probe p) {
        return Weft.async(() -> {
            try {
                return await(Time.timeout(throwsWhileUnwinding(p), Duration.ofMillis(20)));
            } catch (TimeoutException e) {
                return "timed out";
            }
        });
    }

    /** A body whose finally throws while it unwinds: the loser of a race. */
    public static Future<String> finallyThrowsInTheLoserOfARace(Probe p) {
        return Weft.async(() -> await(Future.race(throwsWhileUnwinding(p), p.later("the winner", 1))));
    }

    /** A body whose finally throws while it unwinds: a child whose parent is cancelled. */
    public static Future<String> finallyThrowsInAChildOfACancelledParent(Probe p) {
        return Weft.async(() -> {
            try {
                return await(throwsWhileUnwinding(p));
            } catch (ArithmeticException e) {
                p.log("parent caught " + e.getMessage());
                return "caught";
            } finally {
                p.log("parent finally");
            }
        });
    }

    private static Future<String> throwsWhileUnwinding(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("child waits");
                return await(p.<String>never());
            } finally {
                p.log("child finally");
                throwArithmetic("thrown while unwinding");
            }
        });
    }

    private static void throwArithmetic(String message) {
        throw new ArithmeticException(message);
    }
}
