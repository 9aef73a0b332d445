package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.concurrent.Callable;

/**
 * Constructor arguments that are switch expressions with a {@code try} arm that awaits. javac
 * cannot keep an operand stack across a {@code try} inside an expression, so before such a switch
 * it stores the whole stack in locals, the uninitialized {@code new} objects among it, and loads
 * it back after: at the awaits, the objects {@code new} made live in locals. Each body {@code X}
 * has a blocking twin {@code XBlocking} with the same text.
 */
public final class SwitchArguments {
    private SwitchArguments() {}

    /** {@code new Pair(a, switch (k) { case 1 -> { try { yield await(x); } catch ... } ... })}. */
    public static Future<String> switchWithAwaitingTryArmAsConstructorArgument(Probe p) {
        return Weft.async(() -> {
            StringBuilder out = new StringBuilder();
            for (int k = 0; k < 3; k++) {
                Pair pair = new Pair(p.seen("a", k), switch (k) {
                    case 1 -> {
                        try {
                            yield await(p.later("one", 1));
                        } catch (IllegalStateException e) {
                            yield "caught";
                        }
                    }
                    case 2 -> await(p.remote("two"));
                    default -> "none";
                });
                out.append(pair).append(' ');
            }
            return out.toString();
        });
    }

    public static Callable<String> switchWithAwaitingTryArmAsConstructorArgumentBlocking(Probe p) {
        return () -> {
            StringBuilder out = new StringBuilder();
            for (int k = 0; k < 3; k++) {
                Pair pair = new Pair(p.seen("a", k), switch (k) {
                    case 1 -> {
                        try {
                            yield await(p.later("one", 1));
                        } catch (IllegalStateException e) {
                            yield "caught";
                        }
                    }
                    case 2 -> await(p.remote("two"));
                    default -> "none";
                });
                out.append(pair).append(' ');
            }
            return out.toString();
        };
    }

    /** The try arm's await fails; its catch and finally await too; a boxed argument waits in a local. */
    public static Future<String> failingAwaitInTheTryArmIsCaughtAndTheObjectStillMade(Probe p) {
        return Weft.async(() -> {
            int k = p.seen("k", 1);
            Triple t = new Triple(p.seen("l", 7L), switch (k) {
                case 1 -> {
                    try {
                        yield await(p.<String>failUnchecked("boom"));
                    } catch (IllegalStateException e) {
                        p.log("caught " + e.getMessage());
                        yield await(p.later("recovered", 2));
                    } finally {
                        p.log("finally " + await(p.remote(3)));
                    }
                }
                default -> "other";
            }, p.seen("d", 2.5));
            return t.toString();
        });
    }

    public static Callable<String> failingAwaitInTheTryArmIsCaughtAndTheObjectStillMadeBlocking(Probe p) {
        return () -> {
            int k = p.seen("k", 1);
            Triple t = new Triple(p.seen("l", 7L), switch (k) {
                case 1 -> {
                    try {
                        yield await(p.<String>failUnchecked("boom"));
                    } catch (IllegalStateException e) {
                        p.log("caught " + e.getMessage());
                        yield await(p.later("recovered", 2));
                    } finally {
                        p.log("finally " + await(p.remote(3)));
                    }
                }
                default -> "other";
            }, p.seen("d", 2.5));
            return t.toString();
        };
    }

    /** Nested: {@code new Pair(x, new Pair(y, switch ... try ...))}, and two such switches side by side. */
    public static Future<String> nestedNewsAroundSwitchesWithTryArms(Probe p) {
        return Weft.async(() -> {
            int k = p.seen("k", 2);
            Pair nested = new Pair(p.seen("x", "X"), new Pair(p.seen("y", "Y"), switch (k) {
                case 2 -> {
                    try {
                        yield await(p.ready("in"));
                    } finally {
                        p.log("inner finally");
                    }
                }
                default -> "d";
            }));
            Pair both = new Pair(switch (k) {
                case 2 -> {
                    try {
                        yield await(p.later("left", 1));
                    } catch (RuntimeException e) {
                        yield "l?";
                    }
                }
                default -> "l";
            }, new Pair(p.seen("mid", "M"), switch (k + 1) {
                case 3 -> {
                    try {
                        yield await(p.remote("right"));
                    } catch (RuntimeException e) {
                        yield "r?";
                    }
                }
                default -> "r";
            }));
            return nested + " " + both;
        });
    }

    public static Callable<String> nestedNewsAroundSwitchesWithTryArmsBlocking(Probe p) {
        return () -> {
            int k = p.seen("k", 2);
            Pair nested = new Pair(p.seen("x", "X"), new Pair(p.seen("y", "Y"), switch (k) {
                case 2 -> {
                    try {
                        yield await(p.ready("in"));
                    } finally {
                        p.log("inner finally");
                    }
                }
                default -> "d";
            }));
            Pair both = new Pair(switch (k) {
                case 2 -> {
                    try {
                        yield await(p.later("left", 1));
                    } catch (RuntimeException e) {
                        yield "l?";
                    }
                }
                default -> "l";
            }, new Pair(p.seen("mid", "M"), switch (k + 1) {
                case 3 -> {
                    try {
                        yield await(p.remote("right"));
                    } catch (RuntimeException e) {
                        yield "r?";
                    }
                }
                default -> "r";
            }));
            return nested + " " + both;
        };
    }

    /**
     * @param left the first
     * @param right the second
     */
    private record Pair(Object left, Object right) {}

    /**
     * Three objects. (Not a long and a double: javac 25.0.3 crashes with a NullPointerException in
     * {@code Code.newLocal} when a long or double is on the operand stack under a switch expression
     * with a {@code try}.)
     *
     * @param a the first
     * @param b the second
     * @param c the third
     */
    private record Triple(Object a, Object b, Object c) {}
}
