package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * Awaits among the operands of calls, constructors and array creations: values already evaluated
 * (and uninitialized {@code new} objects) sit on the operand stack across the await. Each body
 * {@code X} has a blocking twin {@code XBlocking} with the same text.
 */
public final class Calls {
    private Calls() {}

    /** {@code f(await(a), x, await(b))}: arguments evaluate left to right, each await in its place. */
    public static Future<String> awaitsInArgumentListEvaluateLeftToRight(Probe p) {
        return Weft.async(() -> {
            String s = join3(p.seen("a", await(p.later("A", 1))), p.seen("mid", "M"), p.seen("b", await(p.remote("B"))));
            String v = join(p.seen("x", "X"), await(p.ready("Y")), p.seen("z", await(p.later("Z", 2))));
            return s + " " + v + " " + Math.max(await(p.ready(3)), await(p.later(5, 2)));
        });
    }

    public static Callable<String> awaitsInArgumentListEvaluateLeftToRightBlocking(Probe p) {
        return () -> {
            String s = join3(p.seen("a", await(p.later("A", 1))), p.seen("mid", "M"), p.seen("b", await(p.remote("B"))));
            String v = join(p.seen("x", "X"), await(p.ready("Y")), p.seen("z", await(p.later("Z", 2))));
            return s + " " + v + " " + Math.max(await(p.ready(3)), await(p.later(5, 2)));
        };
    }

    /** {@code new Box(await(x))}. */
    public static Future<String> awaitAsTheConstructorArgument(Probe p) {
        return Weft.async(() -> {
            Box b = new Box(await(p.later("v", 1)));
            return b + " " + new Box(await(p.remote(2)));
        });
    }

    public static Callable<String> awaitAsTheConstructorArgumentBlocking(Probe p) {
        return () -> {
            Box b = new Box(await(p.later("v", 1)));
            return b + " " + new Box(await(p.remote(2)));
        };
    }

    /** {@code new Tagged(p, a, await(x), c)}: the new object and two arguments wait on the stack. */
    public static Future<String> awaitAmongConstructorArguments(Probe p) {
        return Weft.async(() -> {
            Tagged t = new Tagged(p, p.seen("a", "A"), await(p.later(2, 1)), p.seen("c", "C"));
            Tagged u = new Tagged(p, await(p.remote("first")), 9, await(p.ready("last")));
            return t + " " + u;
        });
    }

    public static Callable<String> awaitAmongConstructorArgumentsBlocking(Probe p) {
        return () -> {
            Tagged t = new Tagged(p, p.seen("a", "A"), await(p.later(2, 1)), p.seen("c", "C"));
            Tagged u = new Tagged(p, await(p.remote("first")), 9, await(p.ready("last")));
            return t + " " + u;
        };
    }

    /** {@code new Box(new Box(await(x)))} and a nested new among other arguments. */
    public static Future<String> nestedConstructorsAroundAwait(Probe p) {
        return Weft.async(() -> {
            Box one = new Box(new Box(await(p.later("x", 1))));
            Box two = new Box(new Box(new Box(await(p.remote(2L)))));
            Tagged t = new Tagged(p, new Box(await(p.ready("in"))).toString(), await(p.later(4, 1)), new Box("out").toString());
            return one + " " + two + " " + t;
        });
    }

    public static Callable<String> nestedConstructorsAroundAwaitBlocking(Probe p) {
        return () -> {
            Box one = new Box(new Box(await(p.later("x", 1))));
            Box two = new Box(new Box(new Box(await(p.remote(2L)))));
            Tagged t = new Tagged(p, new Box(await(p.ready("in"))).toString(), await(p.later(4, 1)), new Box("out").toString());
            return one + " " + two + " " + t;
        };
    }

    /** An awaited receiver with awaited arguments, and awaits inside array initializers. */
    public static Future<String> awaitedReceiverAndArrayInitializers(Probe p) {
        return Weft.async(() -> {
            String s = await(p.later("abc", 1)).concat(await(p.ready("def")));
            int[] ints = {1, await(p.later(2, 1)), 3, await(p.remote(4))};
            long[][] grid = {{await(p.ready(1L))}, {2L, await(p.later(3L, 1))}};
            String[] words = new String[] {await(p.remote("w")), "v"};
            return s + Arrays.toString(ints) + Arrays.deepToString(grid) + Arrays.toString(words);
        });
    }

    public static Callable<String> awaitedReceiverAndArrayInitializersBlocking(Probe p) {
        return () -> {
            String s = await(p.later("abc", 1)).concat(await(p.ready("def")));
            int[] ints = {1, await(p.later(2, 1)), 3, await(p.remote(4))};
            long[][] grid = {{await(p.ready(1L))}, {2L, await(p.later(3L, 1))}};
            String[] words = new String[] {await(p.remote("w")), "v"};
            return s + Arrays.toString(ints) + Arrays.deepToString(grid) + Arrays.toString(words);
        };
    }

    /** A call whose arguments mix long, int, double, float, char and short with awaits between them. */
    public static Future<String> wideAndNarrowArgumentsAroundAwaits(Probe p) {
        return Weft.async(() -> {
            String a = mix(1L, await(p.later(2, 1)), 2.5, await(p.ready(3.5f)), 'c', await(p.remote((short) 7)));
            String b = mix(await(p.ready(10L)), 20, await(p.later(0.25, 1)), 1f, await(p.ready('q')), (short) 5);
            return a + " " + b;
        });
    }

    public static Callable<String> wideAndNarrowArgumentsAroundAwaitsBlocking(Probe p) {
        return () -> {
            String a = mix(1L, await(p.later(2, 1)), 2.5, await(p.ready(3.5f)), 'c', await(p.remote((short) 7)));
            String b = mix(await(p.ready(10L)), 20, await(p.later(0.25, 1)), 1f, await(p.ready('q')), (short) 5);
            return a + " " + b;
        };
    }

    /** Chained calls on a builder whose arguments await. */
    public static Future<String> chainedCallsWithAwaitedArguments(Probe p) {
        return Weft.async(() -> {
            StringBuilder sb = new StringBuilder(await(p.ready("x")));
            sb.append(await(p.later(1, 1))).append('-').append(await(p.remote(2.5))).insert(0, await(p.ready('<')));
            return sb.toString();
        });
    }

    public static Callable<String> chainedCallsWithAwaitedArgumentsBlocking(Probe p) {
        return () -> {
            StringBuilder sb = new StringBuilder(await(p.ready("x")));
            sb.append(await(p.later(1, 1))).append('-').append(await(p.remote(2.5))).insert(0, await(p.ready('<')));
            return sb.toString();
        };
    }

    private static String join3(String a, String b, String c) {
        return a + b + c;
    }

    private static String join(String... parts) {
        return String.join("+", parts);
    }

    private static String mix(long a, int b, double c, float d, char e, short f) {
        return a + "/" + b + "/" + c + "/" + d + "/" + e + "/" + f;
    }

    /** @param value what it holds */
    private record Box(Object value) {}

    /** Logs its construction, so the log shows when {@code new} completes. */
    private static final class Tagged {
        private final String text;

        Tagged(Probe p, String a, int b, String c) {
            p.log("new Tagged " + a + b + c);
            text = a + b + c;
        }

        @Override
        public String toString() {
            return "Tagged[" + text + "]";
        }
    }
}
