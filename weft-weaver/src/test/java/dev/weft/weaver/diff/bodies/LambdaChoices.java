package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.concurrent.Callable;

/**
 * One {@code Weft.async} call site reached by several lambdas: the argument is a conditional or a
 * switch expression choosing among them, with casts around some. Each lambda is woven and its
 * state class made where it is chosen. Each body {@code X} has a blocking twin {@code XBlocking}
 * with the same text.
 */
public final class LambdaChoices {
    private LambdaChoices() {}

    /** {@code Weft.async(c ? () -> .. : () -> ..)}, the first chosen. */
    public static Future<String> conditionalChoosesTheFirstLambda(Probe p) {
        int base = p.seen("base", 10);
        return Weft.async(p.seen("first", true) ? () -> {
            int a = await(p.later(base, 1));
            return "first " + (a + await(p.remote(1)));
        } : () -> {
            String s = await(p.ready("x"));
            return "second " + s + await(p.later(base, 2));
        });
    }

    public static Callable<String> conditionalChoosesTheFirstLambdaBlocking(Probe p) {
        int base = p.seen("base", 10);
        return p.seen("first", true) ? () -> {
            int a = await(p.later(base, 1));
            return "first " + (a + await(p.remote(1)));
        } : () -> {
            String s = await(p.ready("x"));
            return "second " + s + await(p.later(base, 2));
        };
    }

    /** The same conditional, the second chosen. */
    public static Future<String> conditionalChoosesTheSecondLambda(Probe p) {
        int base = p.seen("base", 20);
        return Weft.async(p.seen("first", false) ? () -> {
            int a = await(p.later(base, 1));
            return "first " + (a + await(p.remote(1)));
        } : () -> {
            String s = await(p.ready("x"));
            return "second " + s + await(p.later(base, 2));
        });
    }

    public static Callable<String> conditionalChoosesTheSecondLambdaBlocking(Probe p) {
        int base = p.seen("base", 20);
        return p.seen("first", false) ? () -> {
            int a = await(p.later(base, 1));
            return "first " + (a + await(p.remote(1)));
        } : () -> {
            String s = await(p.ready("x"));
            return "second " + s + await(p.later(base, 2));
        };
    }

    /** Casts around the lambdas, one of which javac checks ({@code CHECKCAST Callable}: from Object, unchecked). */
    @SuppressWarnings("unchecked")
    public static Future<String> castLambdasInAConditional(Probe p) {
        return Weft.async(p.seen("first", false) ? (Callable<String>) () -> "cast " + await(p.ready(1))
                : (Callable<String>) (Object) (Callable<String>) () -> "double cast " + await(p.later(2, 1)));
    }

    @SuppressWarnings("unchecked")
    public static Callable<String> castLambdasInAConditionalBlocking(Probe p) {
        return p.seen("first", false) ? (Callable<String>) () -> "cast " + await(p.ready(1))
                : (Callable<String>) (Object) (Callable<String>) () -> "double cast " + await(p.later(2, 1));
    }

    /** A switch expression choosing among three lambdas, one of which does not await. */
    public static Future<String> switchChoosesAmongLambdas(Probe p) {
        return Weft.async(switch (p.seen("k", 2)) {
            case 0 -> () -> "zero";
            case 1 -> () -> "one " + await(p.ready(1));
            default -> () -> {
                p.log("default runs");
                return "many " + await(p.remote(2)) + await(p.later(3, 1));
            };
        });
    }

    public static Callable<String> switchChoosesAmongLambdasBlocking(Probe p) {
        return switch (p.seen("k", 2)) {
            case 0 -> () -> "zero";
            case 1 -> () -> "one " + await(p.ready(1));
            default -> () -> {
                p.log("default runs");
                return "many " + await(p.remote(2)) + await(p.later(3, 1));
            };
        };
    }

    /** A conditional of lambdas inside a woven body: the inner call site is rewritten in the woven body too. */
    public static Future<String> conditionalOfLambdasInsideAWovenBody(Probe p) {
        return Weft.async(() -> {
            int a = await(p.ready(1));
            Future<String> inner = Weft.async(p.seen("c", a > 0) ? () -> "in " + await(p.later(a, 1)) : () -> "out " + await(p.ready(a)));
            return "outer " + await(inner);
        });
    }

    public static Callable<String> conditionalOfLambdasInsideAWovenBodyBlocking(Probe p) {
        return () -> {
            int a = await(p.ready(1));
            Future<String> inner = Weft.async(p.seen("c", a > 0) ? () -> "in " + await(p.later(a, 1)) : () -> "out " + await(p.ready(a)));
            return "outer " + await(inner);
        };
    }

    /**
     * Not an entry point: the switch of {@link #switchChoosesAmongLambdas} with {@code k} given,
     * so that a test can choose the lambda that does not await (it runs stackful).
     *
     * @param k which lambda
     * @param p the probe
     * @return the chosen lambda's future
     */
    public static Future<String> switchAmongLambdas(int k, Probe p) {
        return Weft.async(switch (k) {
            case 0 -> () -> "zero";
            case 1 -> () -> "one " + await(p.ready(1));
            default -> () -> "many " + await(p.remote(2));
        });
    }
}
