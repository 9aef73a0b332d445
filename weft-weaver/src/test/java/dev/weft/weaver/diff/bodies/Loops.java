package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.List;
import java.util.concurrent.Callable;

/** Loops around awaits. Each body {@code X} has a blocking twin {@code XBlocking} with the same text. */
public final class Loops {
    private Loops() {}

    /** A for loop with an await in its body, left by {@code continue} and {@code break} after awaits. */
    public static Future<String> forWithBreakAndContinue(Probe p) {
        return Weft.async(() -> {
            int sum = 0;
            for (int i = 0; i < 10; i++) {
                int v = await(p.later(i, i % 3));
                if (v % 2 == 1) {
                    p.log("skip " + v);
                    continue;
                }
                if (v > 6) {
                    p.log("break at " + v);
                    break;
                }
                sum += await(p.remote(v * 10));
                p.log("sum " + sum);
            }
            return "sum=" + sum;
        });
    }

    public static Callable<String> forWithBreakAndContinueBlocking(Probe p) {
        return () -> {
            int sum = 0;
            for (int i = 0; i < 10; i++) {
                int v = await(p.later(i, i % 3));
                if (v % 2 == 1) {
                    p.log("skip " + v);
                    continue;
                }
                if (v > 6) {
                    p.log("break at " + v);
                    break;
                }
                sum += await(p.remote(v * 10));
                p.log("sum " + sum);
            }
            return "sum=" + sum;
        };
    }

    /** Awaits in the conditions of while and do-while loops. */
    public static Future<String> whileAndDoWhileWithAwaitInCondition(Probe p) {
        return Weft.async(() -> {
            int n = 0;
            while (await(p.later(n, 1)) < 4) {
                n += await(p.ready(1));
                p.log("up " + n);
            }
            do {
                n -= await(p.remote(2));
                p.log("down " + n);
            } while (await(p.ready(n)) > 0);
            return "n=" + n;
        });
    }

    public static Callable<String> whileAndDoWhileWithAwaitInConditionBlocking(Probe p) {
        return () -> {
            int n = 0;
            while (await(p.later(n, 1)) < 4) {
                n += await(p.ready(1));
                p.log("up " + n);
            }
            do {
                n -= await(p.remote(2));
                p.log("down " + n);
            } while (await(p.ready(n)) > 0);
            return "n=" + n;
        };
    }

    /** Labelled break and continue of the outer loop, decided by awaited values in the inner one. */
    public static Future<String> labelledBreakAndContinueAcrossNestedLoops(Probe p) {
        return Weft.async(() -> {
            StringBuilder sb = new StringBuilder();
            outer:
            for (int i = 0; i < 4; i++) {
                inner:
                for (int j = 0; j < 4; j++) {
                    int v = await(p.later(i * 4 + j, j & 1));
                    if (v == 6) continue outer;
                    if (v == 13) break outer;
                    if (j == i) continue inner;
                    sb.append(v).append(',');
                    p.log("v " + v);
                }
                p.log("row " + i + " " + await(p.remote(sb.length())));
            }
            return sb.toString();
        });
    }

    public static Callable<String> labelledBreakAndContinueAcrossNestedLoopsBlocking(Probe p) {
        return () -> {
            StringBuilder sb = new StringBuilder();
            outer:
            for (int i = 0; i < 4; i++) {
                inner:
                for (int j = 0; j < 4; j++) {
                    int v = await(p.later(i * 4 + j, j & 1));
                    if (v == 6) continue outer;
                    if (v == 13) break outer;
                    if (j == i) continue inner;
                    sb.append(v).append(',');
                    p.log("v " + v);
                }
                p.log("row " + i + " " + await(p.remote(sb.length())));
            }
            return sb.toString();
        };
    }

    /** Enhanced for over a list and over an array (javac's hidden iterator, array and index locals). */
    public static Future<String> enhancedForOverListAndArray(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (String w : List.of("a", "b", "c")) {
                out += await(p.later(w.toUpperCase(), 1));
                for (char c : await(p.ready(w + w + "!")).toCharArray()) {
                    out += await(p.remote(c));
                }
                p.log("word " + w + " " + out);
            }
            return out;
        });
    }

    public static Callable<String> enhancedForOverListAndArrayBlocking(Probe p) {
        return () -> {
            String out = "";
            for (String w : List.of("a", "b", "c")) {
                out += await(p.later(w.toUpperCase(), 1));
                for (char c : await(p.ready(w + w + "!")).toCharArray()) {
                    out += await(p.remote(c));
                }
                p.log("word " + w + " " + out);
            }
            return out;
        };
    }

    /** Awaits in the initializer, condition and update of a for header. */
    public static Future<String> awaitsInForHeader(Probe p) {
        return Weft.async(() -> {
            int seen = 0;
            for (int i = await(p.ready(1)); i < await(p.later(9, 1)); i += await(p.remote(3))) {
                seen = seen * 10 + i;
                p.log("i " + i);
            }
            return "seen=" + seen;
        });
    }

    public static Callable<String> awaitsInForHeaderBlocking(Probe p) {
        return () -> {
            int seen = 0;
            for (int i = await(p.ready(1)); i < await(p.later(9, 1)); i += await(p.remote(3))) {
                seen = seen * 10 + i;
                p.log("i " + i);
            }
            return "seen=" + seen;
        };
    }

    /**
     * Regression (found by the generated bodies): a local set before the loop, dead at the await
     * before it and at the loop's header (the loop overwrites it first) but live after the loop.
     */
    public static Future<String> localDeadAtLoopHeaderLiveAfter(Probe p) {
        return Weft.async(() -> {
            int before = 2;
            long kept = 3L;
            p.log("first " + await(p.remote(1)));
            int n = 0;
            do {
                n++;
                before = await(p.later(await(p.remote(28)), 1));
                kept += await(p.later(n, 1));
            } while (n < 3);
            return "before=" + before + " kept=" + kept + " n=" + n;
        });
    }

    public static Callable<String> localDeadAtLoopHeaderLiveAfterBlocking(Probe p) {
        return () -> {
            int before = 2;
            long kept = 3L;
            p.log("first " + await(p.remote(1)));
            int n = 0;
            do {
                n++;
                before = await(p.later(await(p.remote(28)), 1));
                kept += await(p.later(n, 1));
            } while (n < 3);
            return "before=" + before + " kept=" + kept + " n=" + n;
        };
    }

    /**
     * Yields ({@code await(Future.yieldNow())}, woven without a yield future) in a loop, inside a
     * try/finally, as either arm of a ternary await (the other arm pending once: an ordinary await
     * whose value must not be lost), and a yield future stored first (an ordinary await).
     */
    public static Future<String> yieldsInLoopTryAndTernary(Probe p) {
        return Weft.async(() -> {
            int n = 0;
            for (int i = 0; i < 3; i++) {
                await(Future.yieldNow());
                n += await(p.later(i, i % 2));
                try {
                    await(Future.yieldNow());
                    p.log("yielded " + i);
                } finally {
                    p.log("finally " + i);
                }
            }
            await(n > 2 ? Future.yieldNow() : p.ready(null));
            await(n > 2 ? p.loggedLater("first arm", 1) : Future.yieldNow());
            await(n < 2 ? p.loggedLater("first arm again", 1) : Future.yieldNow());
            Future<Void> stored = Future.yieldNow();
            await(stored);
            return "n=" + n;
        });
    }

    public static Callable<String> yieldsInLoopTryAndTernaryBlocking(Probe p) {
        return () -> {
            int n = 0;
            for (int i = 0; i < 3; i++) {
                await(Future.yieldNow());
                n += await(p.later(i, i % 2));
                try {
                    await(Future.yieldNow());
                    p.log("yielded " + i);
                } finally {
                    p.log("finally " + i);
                }
            }
            await(n > 2 ? Future.yieldNow() : p.ready(null));
            await(n > 2 ? p.loggedLater("first arm", 1) : Future.yieldNow());
            await(n < 2 ? p.loggedLater("first arm again", 1) : Future.yieldNow());
            Future<Void> stored = Future.yieldNow();
            await(stored);
            return "n=" + n;
        };
    }
}
