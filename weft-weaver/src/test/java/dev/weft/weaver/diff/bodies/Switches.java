package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Switch statements and expressions with awaits in the selector and the cases: on int (with
 * fall-through), String, enum and sealed types, and with {@code yield}. Each body {@code X} has a
 * blocking twin {@code XBlocking} with the same text.
 */
public final class Switches {
    private Switches() {}

    /** The colours an enum switch selects among. */
    public enum Colour { RED, GREEN, BLUE }

    /** What a pattern switch selects among. */
    public sealed interface Shape permits Circle, Square {}

    /** @param r its radius */
    public record Circle(int r) implements Shape {}

    /** @param side its side */
    public record Square(int side) implements Shape {}

    /** An old-style switch on an awaited int: awaits in cases, a fall-through, a default. */
    @SuppressWarnings("fallthrough")
    public static Future<String> switchStatementOnIntWithFallThrough(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (int i = 0; i < 5; i++) {
                switch (await(p.later(i, i & 1))) {
                    case 0:
                        out += await(p.ready("zero"));
                        break;
                    case 1:
                        out += "one";
                    case 2:
                        out += await(p.remote("two"));
                        break;
                    default:
                        out += "many" + await(p.later(i, 2));
                }
                out += ";";
            }
            return out;
        });
    }

    @SuppressWarnings("fallthrough")
    public static Callable<String> switchStatementOnIntWithFallThroughBlocking(Probe p) {
        return () -> {
            String out = "";
            for (int i = 0; i < 5; i++) {
                switch (await(p.later(i, i & 1))) {
                    case 0:
                        out += await(p.ready("zero"));
                        break;
                    case 1:
                        out += "one";
                    case 2:
                        out += await(p.remote("two"));
                        break;
                    default:
                        out += "many" + await(p.later(i, 2));
                }
                out += ";";
            }
            return out;
        };
    }

    /** An arrow switch on an awaited String. */
    public static Future<String> switchStatementOnString(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (String key : List.of("alpha", "beta", "gamma")) {
                switch (await(p.later(key, 1))) {
                    case "alpha" -> out += await(p.ready(1));
                    case "beta" -> {
                        p.log("beta");
                        out += await(p.remote("B"));
                    }
                    default -> out += key.length();
                }
            }
            return out;
        });
    }

    public static Callable<String> switchStatementOnStringBlocking(Probe p) {
        return () -> {
            String out = "";
            for (String key : List.of("alpha", "beta", "gamma")) {
                switch (await(p.later(key, 1))) {
                    case "alpha" -> out += await(p.ready(1));
                    case "beta" -> {
                        p.log("beta");
                        out += await(p.remote("B"));
                    }
                    default -> out += key.length();
                }
            }
            return out;
        };
    }

    /** A switch statement and a switch expression on an awaited enum. */
    public static Future<String> switchOnEnum(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (Colour c : Colour.values()) {
                switch (await(p.later(c, 1))) {
                    case RED -> out += "r" + await(p.ready(1));
                    case GREEN -> out += "g";
                    case BLUE -> out += "b" + await(p.remote(3));
                }
            }
            int w = switch (await(p.ready(Colour.GREEN))) {
                case RED -> 1;
                case GREEN -> await(p.later(2, 1));
                case BLUE -> 3;
            };
            return out + w;
        });
    }

    public static Callable<String> switchOnEnumBlocking(Probe p) {
        return () -> {
            String out = "";
            for (Colour c : Colour.values()) {
                switch (await(p.later(c, 1))) {
                    case RED -> out += "r" + await(p.ready(1));
                    case GREEN -> out += "g";
                    case BLUE -> out += "b" + await(p.remote(3));
                }
            }
            int w = switch (await(p.ready(Colour.GREEN))) {
                case RED -> 1;
                case GREEN -> await(p.later(2, 1));
                case BLUE -> 3;
            };
            return out + w;
        };
    }

    /** Switch expressions with yield from blocks that await, one nested in another. */
    public static Future<String> switchExpressionsWithYield(Probe p) {
        return Weft.async(() -> {
            int total = 0;
            for (int i = 0; i < 5; i++) {
                total += switch (await(p.later(i % 3, 1))) {
                    case 0 -> await(p.ready(10));
                    case 1 -> {
                        int t = await(p.remote(i));
                        p.log("yield " + t);
                        yield t * 2;
                    }
                    default -> {
                        String s = switch ("k" + i) {
                            case "k2" -> await(p.later("two", 1));
                            default -> "other";
                        };
                        yield s.length();
                    }
                };
            }
            return "total=" + total;
        });
    }

    public static Callable<String> switchExpressionsWithYieldBlocking(Probe p) {
        return () -> {
            int total = 0;
            for (int i = 0; i < 5; i++) {
                total += switch (await(p.later(i % 3, 1))) {
                    case 0 -> await(p.ready(10));
                    case 1 -> {
                        int t = await(p.remote(i));
                        p.log("yield " + t);
                        yield t * 2;
                    }
                    default -> {
                        String s = switch ("k" + i) {
                            case "k2" -> await(p.later("two", 1));
                            default -> "other";
                        };
                        yield s.length();
                    }
                };
            }
            return "total=" + total;
        };
    }

    /** instanceof patterns whose bindings live across awaits, with awaits in the tested expression. */
    public static Future<String> instanceofPatternsAcrossAwaits(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (Object o : List.<Object>of("text", 42, 7L, List.of(1))) {
                if (await(p.later(o, 1)) instanceof String s && s.length() > await(p.ready(2))) {
                    out += "string " + s + await(p.remote(s.length()));
                } else if (o instanceof Integer i) {
                    int doubled = i * await(p.ready(2));
                    out += "int " + doubled;
                } else if (!(o instanceof Long l)) {
                    out += "other " + await(p.ready(o.toString()));
                } else {
                    out += "long " + (l + await(p.later(1L, 1)));
                }
                out += ";";
            }
            return out;
        });
    }

    public static Callable<String> instanceofPatternsAcrossAwaitsBlocking(Probe p) {
        return () -> {
            String out = "";
            for (Object o : List.<Object>of("text", 42, 7L, List.of(1))) {
                if (await(p.later(o, 1)) instanceof String s && s.length() > await(p.ready(2))) {
                    out += "string " + s + await(p.remote(s.length()));
                } else if (o instanceof Integer i) {
                    int doubled = i * await(p.ready(2));
                    out += "int " + doubled;
                } else if (!(o instanceof Long l)) {
                    out += "other " + await(p.ready(o.toString()));
                } else {
                    out += "long " + (l + await(p.later(1L, 1)));
                }
                out += ";";
            }
            return out;
        };
    }

    /** Record patterns in a switch (one guarded by an await) and in instanceof, around awaits. */
    public static Future<String> recordPatternsAcrossAwaits(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (Shape s : List.of(new Circle(3), new Square(4), new Circle(1))) {
                String d = switch (await(p.later(s, 1))) {
                    case Circle(int r) when r > await(p.ready(1)) -> "circle " + (r + await(p.remote(r)));
                    case Circle(int r) -> "small " + r;
                    case Square(int side) -> "square " + side * await(p.ready(side));
                };
                out += d + ";";
                if (s instanceof Square(int side) && side > await(p.ready(3))) out += "big " + await(p.later(side, 1)) + ";";
            }
            return out;
        });
    }

    public static Callable<String> recordPatternsAcrossAwaitsBlocking(Probe p) {
        return () -> {
            String out = "";
            for (Shape s : List.of(new Circle(3), new Square(4), new Circle(1))) {
                String d = switch (await(p.later(s, 1))) {
                    case Circle(int r) when r > await(p.ready(1)) -> "circle " + (r + await(p.remote(r)));
                    case Circle(int r) -> "small " + r;
                    case Square(int side) -> "square " + side * await(p.ready(side));
                };
                out += d + ";";
                if (s instanceof Square(int side) && side > await(p.ready(3))) out += "big " + await(p.later(side, 1)) + ";";
            }
            return out;
        };
    }

    /** A pattern switch on a sealed type, with an await in a guard and in the arms. */
    public static Future<String> patternSwitchOnSealedTypeWithAwaitInGuard(Probe p) {
        return Weft.async(() -> {
            String out = "";
            for (Shape s : List.of(new Circle(1), new Square(2), new Circle(5))) {
                String d = switch (await(p.later(s, 1))) {
                    case Circle c when c.r() > await(p.ready(2)) -> "big circle " + await(p.remote(c.r()));
                    case Circle c -> "circle " + c.r();
                    case Square q -> "square " + await(p.later(q.side(), 1));
                };
                out += d + ";";
            }
            return out;
        });
    }

    public static Callable<String> patternSwitchOnSealedTypeWithAwaitInGuardBlocking(Probe p) {
        return () -> {
            String out = "";
            for (Shape s : List.of(new Circle(1), new Square(2), new Circle(5))) {
                String d = switch (await(p.later(s, 1))) {
                    case Circle c when c.r() > await(p.ready(2)) -> "big circle " + await(p.remote(c.r()));
                    case Circle c -> "circle " + c.r();
                    case Square q -> "square " + await(p.later(q.side(), 1));
                };
                out += d + ";";
            }
            return out;
        };
    }
}
