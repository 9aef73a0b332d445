package dev.weft.weaver.diff.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Generates bodies from one seed: up to five statements, blocks of up to two, nested up to three
 * deep (loops of at most three iterations, ifs, try/catch/finally, try-with-resources, scoped
 * locals, switches), with awaits of ready, self-waking and remotely completed futures (and failing
 * ones, rarely) anywhere an expression goes. Catch and finally blocks hold simple statements only:
 * javac copies a finally block onto every way out of its try (and the renderer repeats a handler for
 * each catch clause), so nested ones would grow a body past what fits one method once woven. The
 * same seed gives the same bodies.
 */
final class BodyGenerator {
    private static final int STATEMENT_DEPTH = 3;
    private static final int EXPRESSION_DEPTH = 2;

    private final SplittableRandom random;

    /** @param seed what every choice is drawn from */
    BodyGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * @param maxSize the most bodies in one batch
     * @return a batch of bodies, compiled together
     */
    List<GeneratedBody> batch(int maxSize) {
        return list(1, maxSize, () -> new GeneratedBody(list(1, 5, () -> stmt(STATEMENT_DEPTH))));
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
        return switch (weighted(4, 4, 10, 1, 6, 2, 2, 2)) {
            case 0 -> lit();
            case 1 -> new Expr.Var(pick());
            case 2 -> await(depth);
            case 3 -> new Expr.Fail(random.nextBoolean());
            case 4 -> new Expr.Binary(pick(), expr(depth - 1), expr(depth - 1));
            case 5 -> new Expr.Ternary(expr(depth - 1), expr(depth - 1), expr(depth - 1));
            case 6 -> new Expr.Seen(expr(depth - 1));
            default -> new Expr.Switch(random.nextBoolean(), expr(depth - 1), expr(depth - 1), expr(depth - 1),
                    expr(depth - 1));
        };
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
        return switch (weighted(8, 2, 2, 2, 1, 1, 1)) {
            case 0 -> leaf();
            case 1 -> new Stmt.If(expr(1), block(depth - 1), block(depth - 1));
            case 2 -> new Stmt.Loop(Stmt.Form.values()[random.nextInt(3)], random.nextInt(4), random.nextBoolean(),
                    block(depth - 1));
            case 3 -> new Stmt.Try(block(depth - 1), random.nextInt(16), block(0), random.nextBoolean(), block(0));
            case 4 -> new Stmt.Resource(block(depth - 1));
            case 5 -> new Stmt.Scoped(pick(), expr(EXPRESSION_DEPTH), block(depth - 1));
            default -> new Stmt.Switch(random.nextBoolean(), random.nextBoolean(), random.nextBoolean(), expr(1),
                    block(depth - 1), block(depth - 1), block(depth - 1));
        };
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
