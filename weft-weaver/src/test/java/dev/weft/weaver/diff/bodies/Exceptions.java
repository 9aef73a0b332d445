package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.io.IOException;

/**
 * try/catch/finally and try-with-resources around awaits; every finally and close logs, so the
 * order shows. Each body {@code X} has a blocking twin {@code XBlocking} with the same text.
 */
public final class Exceptions {
    private Exceptions() {}

    /** An unchecked failure of an awaited future, caught by the enclosing try. */
    public static Future<String> uncheckedFailureOfAwaitedFutureIsCaught(Probe p) {
        return Weft.async(() -> {
            try {
                p.log("before");
                String s = await(p.failUnchecked("bad state"));
                p.log("not reached " + s);
            } catch (IllegalStateException e) {
                p.log("catch " + e.getMessage());
            } finally {
                p.log("finally");
            }
            return "after " + await(p.later("x", 1));
        });
    }

    public static Callable<String> uncheckedFailureOfAwaitedFutureIsCaughtBlocking(Probe p) {
        return () -> {
            try {
                p.log("before");
                String s = await(p.failUnchecked("bad state"));
                p.log("not reached " + s);
            } catch (IllegalStateException e) {
                p.log("catch " + e.getMessage());
            } finally {
                p.log("finally");
            }
            return "after " + await(p.later("x", 1));
        };
    }

    /** A checked failure of an awaited Fallible is caught by its own type, and the catch awaits. */
    public static Future<String> checkedFailureOfAwaitedFutureIsCaughtByItsType(Probe p) {
        return Weft.async(() -> {
            try {
                await(p.failChecked("io down"));
                return "not reached";
            } catch (IOException e) {
                p.log("catch " + e.getClass().getSimpleName() + " " + e.getMessage());
                return "recovered " + await(p.remote("r"));
            }
        });
    }

    public static Callable<String> checkedFailureOfAwaitedFutureIsCaughtByItsTypeBlocking(Probe p) {
        return () -> {
            try {
                await(p.failChecked("io down"));
                return "not reached";
            } catch (IOException e) {
                p.log("catch " + e.getClass().getSimpleName() + " " + e.getMessage());
                return "recovered " + await(p.remote("r"));
            }
        };
    }

    /** An exception thrown after an await escapes two finally blocks, run innermost first (one awaits). */
    public static Future<String> throwAfterAwaitRunsFinallyBlocksInnermostFirst(Probe p) {
        return Weft.async(() -> {
            try {
                try {
                    int v = await(p.later(7, 2));
                    p.log("got " + v);
                    if (v == 7) throw new IllegalArgumentException("after await " + v);
                    return "not reached";
                } finally {
                    p.log("finally inner " + await(p.ready("i")));
                }
            } finally {
                p.log("finally outer");
            }
        });
    }

    public static Callable<String> throwAfterAwaitRunsFinallyBlocksInnermostFirstBlocking(Probe p) {
        return () -> {
            try {
                try {
                    int v = await(p.later(7, 2));
                    p.log("got " + v);
                    if (v == 7) throw new IllegalArgumentException("after await " + v);
                    return "not reached";
                } finally {
                    p.log("finally inner " + await(p.ready("i")));
                }
            } finally {
                p.log("finally outer");
            }
        };
    }

    /** A checked exception thrown after an await completes the future with it. */
    public static Future<String> checkedThrowAfterAwaitEscapesTheBody(Probe p) {
        return Weft.async(() -> {
            long n = await(p.remote(3L));
            p.log("got " + n);
            if (n > 2) throw new IOException("checked after await " + n);
            return "not reached";
        });
    }

    public static Callable<String> checkedThrowAfterAwaitEscapesTheBodyBlocking(Probe p) {
        return () -> {
            long n = await(p.remote(3L));
            p.log("got " + n);
            if (n > 2) throw new IOException("checked after await " + n);
            return "not reached";
        };
    }

    /** An exception thrown in a finally block (after an await there) replaces the one in flight. */
    public static Future<String> exceptionThrownInFinallyReplacesTheFirst(Probe p) {
        return Weft.async(() -> {
            try {
                try {
                    p.log("awaited " + await(p.later("x", 1)));
                    fail("first");
                } finally {
                    p.log("finally " + await(p.remote("r")));
                    fail("from finally");
                }
            } catch (IllegalStateException e) {
                p.log("catch " + e.getMessage());
            }
            return "done";
        });
    }

    public static Callable<String> exceptionThrownInFinallyReplacesTheFirstBlocking(Probe p) {
        return () -> {
            try {
                try {
                    p.log("awaited " + await(p.later("x", 1)));
                    fail("first");
                } finally {
                    p.log("finally " + await(p.remote("r")));
                    fail("from finally");
                }
            } catch (IllegalStateException e) {
                p.log("catch " + e.getMessage());
            }
            return "done";
        };
    }

    /** Two resources around awaits: closed in reverse order before the catch and the finally run. */
    public static Future<String> tryWithResourcesClosesInReverseOrderAroundAwaits(Probe p) {
        return Weft.async(() -> {
            try (Probe.Resource a = p.resource("a"); Probe.Resource b = p.resource("b")) {
                p.log("using " + a.name() + b.name() + " " + await(p.later(1, 1)));
                String v = await(p.remote("x"));
                if (v.equals("x")) throw new IllegalStateException("inside try-with-resources " + v);
                return v;
            } catch (IllegalStateException e) {
                p.log("catch " + e.getMessage());
            } finally {
                p.log("finally");
            }
            return "after " + await(p.ready("y"));
        });
    }

    public static Callable<String> tryWithResourcesClosesInReverseOrderAroundAwaitsBlocking(Probe p) {
        return () -> {
            try (Probe.Resource a = p.resource("a"); Probe.Resource b = p.resource("b")) {
                p.log("using " + a.name() + b.name() + " " + await(p.later(1, 1)));
                String v = await(p.remote("x"));
                if (v.equals("x")) throw new IllegalStateException("inside try-with-resources " + v);
                return v;
            } catch (IllegalStateException e) {
                p.log("catch " + e.getMessage());
            } finally {
                p.log("finally");
            }
            return "after " + await(p.ready("y"));
        };
    }

    /** A resource opened by an awaited value, and a failure of an awaited future inside its block. */
    public static Future<String> tryWithResourcesOpenedFromAwaitedNameClosesOnAwaitedFailure(Probe p) {
        return Weft.async(() -> {
            try (Probe.Resource r = p.resource(await(p.later("named", 1)))) {
                p.log("inside " + r.name());
                await(p.failUnchecked("failed inside " + r.name()));
                return "not reached";
            }
        });
    }

    public static Callable<String> tryWithResourcesOpenedFromAwaitedNameClosesOnAwaitedFailureBlocking(Probe p) {
        return () -> {
            try (Probe.Resource r = p.resource(await(p.later("named", 1)))) {
                p.log("inside " + r.name());
                await(p.failUnchecked("failed inside " + r.name()));
                return "not reached";
            }
        };
    }

    /** A return inside try whose finally awaits: the returned value survives the finally's await. */
    public static Future<String> returnInsideTryWithAwaitInFinally(Probe p) {
        return Weft.async(() -> {
            String r = "";
            try {
                r = await(p.later("try", 1));
                return r + "-returned";
            } finally {
                p.log("finally sees " + r + " " + await(p.remote("f")));
            }
        });
    }

    public static Callable<String> returnInsideTryWithAwaitInFinallyBlocking(Probe p) {
        return () -> {
            String r = "";
            try {
                r = await(p.later("try", 1));
                return r + "-returned";
            } finally {
                p.log("finally sees " + r + " " + await(p.remote("f")));
            }
        };
    }

    /** A catch that awaits and then rethrows a new exception with the caught one as its cause. */
    public static Future<String> catchAwaitsThenRethrowsWithCause(Probe p) {
        return Weft.async(() -> {
            try {
                await(p.failUnchecked("inner"));
                return "not reached";
            } catch (IllegalStateException e) {
                String more = await(p.later("more", 1));
                throw new IllegalStateException(e.getMessage() + " " + more, e);
            }
        });
    }

    public static Callable<String> catchAwaitsThenRethrowsWithCauseBlocking(Probe p) {
        return () -> {
            try {
                await(p.failUnchecked("inner"));
                return "not reached";
            } catch (IllegalStateException e) {
                String more = await(p.later("more", 1));
                throw new IllegalStateException(e.getMessage() + " " + more, e);
            }
        };
    }

    /** try/catch/finally inside a loop: caught failures continue the loop, every finally runs. */
    public static Future<String> tryCatchFinallyInsideLoopWithContinue(Probe p) {
        return Weft.async(() -> {
            int ok = 0;
            for (int i = 0; i < 5; i++) {
                try {
                    if (i % 2 == 0) await(p.failChecked("f" + i));
                    ok += await(p.remote(i));
                } catch (IOException e) {
                    p.log("caught " + e.getMessage());
                    continue;
                } finally {
                    p.log("finally " + i + " " + await(p.ready(ok)));
                }
                p.log("after try " + i);
            }
            return "ok=" + ok;
        });
    }

    public static Callable<String> tryCatchFinallyInsideLoopWithContinueBlocking(Probe p) {
        return () -> {
            int ok = 0;
            for (int i = 0; i < 5; i++) {
                try {
                    if (i % 2 == 0) await(p.failChecked("f" + i));
                    ok += await(p.remote(i));
                } catch (IOException e) {
                    p.log("caught " + e.getMessage());
                    continue;
                } finally {
                    p.log("finally " + i + " " + await(p.ready(ok)));
                }
                p.log("after try " + i);
            }
            return "ok=" + ok;
        };
    }

    private static void fail(String message) {
        throw new IllegalStateException(message);
    }
}
