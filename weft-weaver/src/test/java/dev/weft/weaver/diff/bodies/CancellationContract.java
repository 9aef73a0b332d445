package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.time.Time;
import dev.weft.weaver.testkit.Probe;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;

/**
 * One body per sentence of the cancellation contract (README, "Cancellation"), each cancelled
 * once it logged {@code "waits"}: see {@code CancellationContractTest}, which runs each woven,
 * stackful and as blocking code (its twin on a blocking-pool thread, cancelled by an interrupt).
 * Each body {@code X} has a blocking twin {@code XBlocking} with the same text.
 */
public final class CancellationContract {
    private CancellationContract() {}

    /** The await a body is suspended in throws CancellationException; the body never goes on past it. */
    public static Future<String> suspendedAwaitThrows(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("waits");
                await(p.never());
                p.log("went on");
                return "went on";
            } catch (CancellationException e) {
                p.log("caught CancellationException");
                throw e;
            }
        });
    }

    public static Callable<String> suspendedAwaitThrowsBlocking(Probe p) {
        return () -> {
            try {
                p.log("waits");
                await(p.never());
                p.log("went on");
                return "went on";
            } catch (CancellationException e) {
                p.log("caught CancellationException");
                throw e;
            }
        };
    }

    /** Not even when the child body it awaits catches the cancellation and returns a value. */
    public static Future<String> noGoingOnWithASwallowingChild(Probe p) {
        return Weft.async(() -> {
            String v = await(Weft.async(() -> {
                try {
                    p.log("waits");
                    return await(p.<String>never());
                } catch (CancellationException e) {
                    p.log("child caught the cancellation");
                    return "the child's value";
                }
            }));
            p.log("went on with " + v);
            return v;
        });
    }

    public static Callable<String> noGoingOnWithASwallowingChildBlocking(Probe p) {
        return () -> {
            String v = await(Weft.async(() -> {
                try {
                    p.log("waits");
                    return await(p.<String>never());
                } catch (CancellationException e) {
                    p.log("child caught the cancellation");
                    return "the child's value";
                }
            }));
            p.log("went on with " + v);
            return v;
        };
    }

    /** The awaited future is cancelled and waited for: the child's finally runs before the body's. */
    public static Future<String> childFinallyBeforeTheBodys(Probe p) {
        return Weft.async(() -> {
            try {
                return await(Future.race(Weft.async(() -> {
                    try {
                        p.log("waits");
                        return await(p.<String>never());
                    } finally {
                        p.log("child finally");
                    }
                }), p.<String>never()));
            } finally {
                p.log("body finally");
            }
        });
    }

    public static Callable<String> childFinallyBeforeTheBodysBlocking(Probe p) {
        return () -> {
            try {
                return await(Future.race(Weft.async(() -> {
                    try {
                        p.log("waits");
                        return await(p.<String>never());
                    } finally {
                        p.log("child finally");
                    }
                }), p.<String>never()));
            } finally {
                p.log("body finally");
            }
        };
    }

    /** Every later await throws at once, without polling its future: a swallowing catch stops nothing. */
    public static Future<String> laterAwaitsThrowAtOnce(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("waits");
                await(p.never());
            } catch (CancellationException e) {
                p.log("swallowed");
            }
            for (int i = 0; i < 2; i++) {
                try {
                    p.log("got " + await(p.ready("x")));
                } catch (CancellationException e) {
                    p.log("refused again");
                }
            }
            return "kept running";
        });
    }

    public static Callable<String> laterAwaitsThrowAtOnceBlocking(Probe p) {
        return () -> {
            try {
                p.log("waits");
                await(p.never());
            } catch (CancellationException e) {
                p.log("swallowed");
            }
            for (int i = 0; i < 2; i++) {
                try {
                    p.log("got " + await(p.ready("x")));
                } catch (CancellationException e) {
                    p.log("refused again");
                }
            }
            return "kept running";
        };
    }

    /** A shielded cleanup await is waited for while the body unwinds. */
    public static Future<String> cleanupAwaitRunsWhileUnwinding(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } finally {
                p.log("cleanup " + await(Time.cleanup(p.later("done", 2), Duration.ofSeconds(30))));
            }
        });
    }

    public static Callable<String> cleanupAwaitRunsWhileUnwindingBlocking(Probe p) {
        return () -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } finally {
                p.log("cleanup " + await(Time.cleanup(p.later("done", 2), Duration.ofSeconds(30))));
            }
        };
    }

    /** For at most its bound: then its future is cancelled and the await throws TimeoutException. */
    public static Future<String> cleanupAwaitIsBounded(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } finally {
                try {
                    await(Time.cleanup(p.never(), Duration.ofMillis(20)));
                } catch (TimeoutException e) {
                    p.log("cleanup timed out");
                }
            }
        });
    }

    public static Callable<String> cleanupAwaitIsBoundedBlocking(Probe p) {
        return () -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } finally {
                try {
                    await(Time.cleanup(p.never(), Duration.ofMillis(20)));
                } catch (TimeoutException e) {
                    p.log("cleanup timed out");
                }
            }
        };
    }

    /**
     * A cleanup await the body is already suspended in when the cancellation comes (in a finally
     * that runs without a cancellation) goes on to its end, bounded; only the later awaits throw.
     */
    public static Future<String> cleanupAwaitInProgressGoesOn(Probe p) {
        return Weft.async(() -> {
            try {
                return "returned";
            } finally {
                try {
                    p.log("waits");
                    await(Time.cleanup(p.never(), Duration.ofMillis(20)));
                } catch (TimeoutException e) {
                    p.log("cleanup timed out");
                }
                try {
                    p.log("got " + await(p.ready("x")));
                } catch (CancellationException e) {
                    p.log("later await refused");
                }
            }
        });
    }

    public static Callable<String> cleanupAwaitInProgressGoesOnBlocking(Probe p) {
        return () -> {
            try {
                return "returned";
            } finally {
                try {
                    p.log("waits");
                    await(Time.cleanup(p.never(), Duration.ofMillis(20)));
                } catch (TimeoutException e) {
                    p.log("cleanup timed out");
                }
                try {
                    p.log("got " + await(p.ready("x")));
                } catch (CancellationException e) {
                    p.log("later await refused");
                }
            }
        };
    }

    /** A timeout throws TimeoutException only once the future it cancelled is done cancelling. */
    public static Future<String> timeoutAnswersAfterTheCancelledCleanup(Probe p) {
        return Weft.async(() -> {
            try {
                return await(Time.timeout(Weft.async(() -> {
                    try {
                        p.log("waits");
                        return await(p.<String>never());
                    } finally {
                        await(Time.cleanup(p.later("x", 3), Duration.ofSeconds(30)));
                        p.log("child cleaned up");
                    }
                }), Duration.ofMillis(20)));
            } catch (TimeoutException e) {
                p.log("timed out");
                return "timed out";
            }
        });
    }

    public static Callable<String> timeoutAnswersAfterTheCancelledCleanupBlocking(Probe p) {
        return () -> {
            try {
                return await(Time.timeout(Weft.async(() -> {
                    try {
                        p.log("waits");
                        return await(p.<String>never());
                    } finally {
                        await(Time.cleanup(p.later("x", 3), Duration.ofSeconds(30)));
                        p.log("child cleaned up");
                    }
                }), Duration.ofMillis(20)));
            } catch (TimeoutException e) {
                p.log("timed out");
                return "timed out";
            }
        };
    }

    /** A race answers with its winner only once the losers are done cancelling. */
    public static Future<String> raceAnswersAfterTheLosersCleanup(Probe p) {
        return Weft.async(() -> {
            String w = await(Future.race(p.later("the winner", 3), Weft.async(() -> {
                try {
                    p.log("loser waits");
                    return await(p.<String>never());
                } finally {
                    await(Time.cleanup(p.later("x", 3), Duration.ofSeconds(30)));
                    p.log("loser cleaned up");
                }
            })));
            p.log("race answered " + w);
            return w;
        });
    }

    public static Callable<String> raceAnswersAfterTheLosersCleanupBlocking(Probe p) {
        return () -> {
            String w = await(Future.race(p.later("the winner", 3), Weft.async(() -> {
                try {
                    p.log("loser waits");
                    return await(p.<String>never());
                } finally {
                    await(Time.cleanup(p.later("x", 3), Duration.ofSeconds(30)));
                    p.log("loser cleaned up");
                }
            })));
            p.log("race answered " + w);
            return w;
        };
    }

    /** What a finally throws while the body unwinds goes to the failure hook, not the canceller. */
    public static Future<String> finallyThrowingWhileUnwinding(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } finally {
                p.log("finally");
                throwArithmetic("thrown while unwinding");
            }
        });
    }

    public static Callable<String> finallyThrowingWhileUnwindingBlocking(Probe p) {
        return () -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } finally {
                p.log("finally");
                throwArithmetic("thrown while unwinding");
            }
        };
    }

    /** A body that catches the cancellation and returns: the value is dropped, the task is cancelled. */
    public static Future<String> valueAfterTheCancellationIsDropped(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } catch (CancellationException e) {
                p.log("swallowed");
                return "swallowed";
            }
        });
    }

    public static Callable<String> valueAfterTheCancellationIsDroppedBlocking(Probe p) {
        return () -> {
            try {
                p.log("waits");
                return await(p.<String>never());
            } catch (CancellationException e) {
                p.log("swallowed");
                return "swallowed";
            }
        };
    }

    /** A body cancelled before it first ran never runs. */
    public static Future<String> neverRunIfCancelledFirst(Probe p) {
        return Weft.async(() -> {
            p.log("ran");
            return await(p.ready("ran"));
        });
    }

    public static Callable<String> neverRunIfCancelledFirstBlocking(Probe p) {
        return () -> {
            p.log("ran");
            return await(p.ready("ran"));
        };
    }

    private static void throwArithmetic(String message) {
        throw new ArithmeticException(message);
    }
}
