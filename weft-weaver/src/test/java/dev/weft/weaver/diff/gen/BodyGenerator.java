package dev.weft.weaver.diff.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Generates bodies from one seed: up to five statements, blocks of up to two, nested up to three
 * deep (loops of at most three iterations, ifs, try/catch/finally, try-with-resources, scoped
 * locals, switches, a block of many long, double, int and String locals updated in nested loops),
 * with awaits of ready, self-waking and remotely completed futures (and failing ones, rarely)
 * anywhere an expression goes, and {@code new} of the body's own classes (whose static
 * initializers log, and sometimes throw) with arguments that await, nest other news, or are
 * switch expressions with try arms. The body's lambda reaches {@code Weft.async} directly, through
 * a cast, a conditional or a switch among lambdas. Catch and finally blocks hold simple statements only:
 * javac copies a finally block onto every way out of its try (and the renderer repeats a handler for
 * each catch clause), so nested ones would grow a body past what fits one method once woven. The
 * same seed gives the same bodies.
 */
final class BodyGenerator {
    private static final int STATEMENT_DEPTH = 3;
    private static final int EXPRESSION_DEPTH = 2;

    private final SplittableRandom random;
    /** Whether the body being generated has its block of many locals: one at most, or it may not fit 64 KiB woven. */
    private boolean manyLocals;

    /** @param seed what every choice is drawn from */
    BodyGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * @param maxSize the most bodies in one batch
     * @return a batch of bodies, compiled together
     */
    List<GeneratedBody> batch(int maxSize) {
        return list(1, maxSize, () -> {
            manyLocals = false;
            return new GeneratedBody(list(1, 5, () -> stmt(STATEMENT_DEPTH)), site(), throwing());
        });
    }

    private GeneratedBody.Site site() {
        GeneratedBody.Site[] sites = GeneratedBody.Site.values();
        return random.nextInt(3) == 0 ? sites[random.nextInt(sites.length)] : GeneratedBody.Site.PLAIN;
    }

    /** Which of N1 .. N3 have an initializer that throws: none in half the bodies. */
    private int throwing() {
        return random.nextBoolean() ? 0 : random.nextInt(1 << (GeneratedBody.CLASSES - 1)) << 1;
    }

    private Expr expr(int depth) {
        if (depth == 0) {
            return switch (weighted(6, 8, 12, 1)) {
                case 0 -> lit();
                case 1 -> new Expr.Var(pick());
                case 2 -> await(0);
                default -> new Expr.Fail(random.nextBoolean());
            };
        }
        return switch (weighted(4, 4, 10, 1, 6, 2, 2, 2, 2, 1)) {
            case 0 -> lit();
            case 1 -> new Expr.Var(pick());
            case 2 -> await(depth);
            case 3 -> new Expr.Fail(random.nextBoolean());
            case 4 -> new Expr.Binary(pick(), expr(depth - 1), expr(depth - 1));
            case 5 -> new Expr.Ternary(expr(depth - 1), expr(depth - 1), expr(depth - 1));
            case 6 -> new Expr.Seen(expr(depth - 1));
            case 7 -> new Expr.Switch(random.nextBoolean(), expr(depth - 1), expr(depth - 1), expr(depth - 1),
                    expr(depth - 1));
            case 8 -> newObject(depth - 1);
            default -> trySwitch(depth - 1);
        };
    }

    /** {@code new Nk(a, b)}: each argument an expression, a nested new, or a switch with a try arm. */
    private Expr.New newObject(int depth) {
        return new Expr.New(random.nextInt(GeneratedBody.CLASSES), random.nextInt(9), argument(depth), random.nextInt(9),
                argument(depth));
    }

    private Expr argument(int depth) {
        if (depth == 0) return expr(0);
        return switch (weighted(3, 3, 1)) {
            case 0 -> expr(depth);
            case 1 -> trySwitch(depth - 1);
            default -> newObject(depth - 1);
        };
    }

    private Expr.TrySwitch trySwitch(int depth) {
        return new Expr.TrySwitch(expr(0), expr(depth), random.nextBoolean(), expr(depth), random.nextBoolean(), expr(depth));
    }

    private Expr lit() {
        return new Expr.Lit(random.nextInt(-3, 31));
    }

    private Expr await(int depth) {
        Expr.Source[] sources = Expr.Source.values();
        Expr inner = depth == 0 ? (random.nextBoolean() ? lit() : new Expr.Var(pick())) : expr(depth - 1);
        return new Expr.Await(sources[random.nextInt(sources.length)], random.nextInt(3), inner);
    }

    private Stmt stmt(int depth) {
        if (depth == 0) return leaf();
        return switch (weighted(8, 2, 2, 2, 1, 1, 1, 2, 1)) {
            case 0 -> leaf();
            case 1 -> new Stmt.If(expr(1), block(depth - 1), block(depth - 1));
            case 2 -> new Stmt.Loop(Stmt.Form.values()[random.nextInt(3)], random.nextInt(4), random.nextBoolean(),
                    block(depth - 1));
            case 3 -> new Stmt.Try(block(depth - 1), random.nextInt(16), block(0), random.nextBoolean(), block(0));
            case 4 -> new Stmt.Resource(block(depth - 1));
            case 5 -> new Stmt.Scoped(pick(), expr(EXPRESSION_DEPTH), block(depth - 1));
            case 7 -> new Stmt.Construct(newObject(2));
            case 8 -> manyLocals ? leaf() : manyLocals();
            default -> new Stmt.Switch(random.nextBoolean(), random.nextBoolean(), random.nextBoolean(), expr(1),
                    block(depth - 1), block(depth - 1), block(depth - 1));
        };
    }

    /**
     * Mostly a few locals and lines; sometimes enough lines to take the loop copies past their
     * budget. Simple statements inside only, so that the body fits 64 KiB woven.
     */
    private Stmt manyLocals() {
        manyLocals = true;
        int lines = random.nextInt(5) == 0 ? random.nextInt(60, 161) : random.nextInt(4, 25);
        return new Stmt.ManyLocals(random.nextInt(4, 41), lines, block(0));
    }

    private Stmt leaf() {
        return switch (weighted(4, 3, 1, 2, 1, 1)) {
            case 0 -> new Stmt.Assign(pick(), pick(), expr(EXPRESSION_DEPTH));
            case 1 -> new Stmt.Log(pick(), expr(EXPRESSION_DEPTH));
            case 2 -> new Stmt.ArrayAdd(expr(1), expr(EXPRESSION_DEPTH));
            case 3 -> new Stmt.Jump(random.nextBoolean(), pick(), expr(1));
            case 4 -> new Stmt.Throw(random.nextBoolean(), expr(1));
            default -> new Stmt.Return(expr(1));
        };
    }

    private List<Stmt> block(int depth) {
        return list(0, 2, () -> stmt(depth));
    }

    private <T> List<T> list(int min, int max, Supplier<T> element) {
        int n = random.nextInt(min, max + 1);
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(element.get());
        return out;
    }

    private int pick() {
        return random.nextInt(16);
    }

    /** @return an index drawn with the given weights */
    private int weighted(int... weights) {
        int total = 0;
        for (int w : weights) total += w;
        int r = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            r -= weights[i];
            if (r < 0) return i;
        }
        throw new AssertionError("unreachable");
    }
}
