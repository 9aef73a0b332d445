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
 * switch expressions with try arms, and child bodies awaited inline. The body's lambda reaches
 * {@code Weft.async} directly, through a cast, a conditional or a switch among lambdas. Catch and
 * finally blocks hold simple statements only: javac copies a finally block onto every way out of its
 * try (and the renderer repeats a handler for each catch clause), so nested ones would grow a body
 * past what fits one method once woven. The same seed gives the same bodies.
 *
 * <p>Programs that are cancelled ({@link #cancelling(long)}) have more: child bodies under a
 * timeout that expires at their first suspension and child bodies that lose a race once they park,
 * catches of the cancellation that swallow it and go on or return, rethrow it or throw something
 * else, finally blocks and catches that throw ({@link Stmt.Raise}) or await cleanup work
 * ({@link Stmt.Cleanup}), resources whose close throws, and parked awaits; and the suspension at
 * which the task is cancelled ({@link GeneratedBody#stopAt}).
 */
final class BodyGenerator {
    private static final int STATEMENT_DEPTH = 3;
    private static final int EXPRESSION_DEPTH = 2;
    /**
     * How likely a task is cancelled at its k-th suspension, for k from 0 (only at a parked await)
     * up: mostly early, as most programs suspend a few times only.
     */
    private static final int[] STOP_AT = {1, 4, 4, 3, 2, 1, 1};

    private final SplittableRandom random;
    private final boolean cancelling;
    /** Whether the body being generated has its block of many locals: one at most, or it may not fit 64 KiB woven. */
    private boolean manyLocals;
    /**
     * Whether a timeout's child body is being generated: it gets no child bodies that run beside
     * it (timeouts, races). A stackful body that polls another stackful body hands each of its
     * steps to a spare carrier and answers pending meanwhile ({@code coro.internal.Steps}, "Polled
     * from a virtual thread"): a suspension the woven body does not have, at which a timeout that
     * expires at the first suspension would expire.
     */
    private boolean inTimeout;

    /** @param seed what every choice is drawn from */
    BodyGenerator(long seed) {
        this(seed, false);
    }

    private BodyGenerator(long seed, boolean cancelling) {
        this.random = new SplittableRandom(seed);
        this.cancelling = cancelling;
    }

    /**
     * @param seed what every choice is drawn from
     * @return a generator of programs that are run as tasks and cancelled
     */
    static BodyGenerator cancelling(long seed) {
        return new BodyGenerator(seed, true);
    }

    /**
     * @param maxSize the most bodies in one batch
     * @return a batch of bodies, compiled together
     */
    List<GeneratedBody> batch(int maxSize) {
        return list(1, maxSize, () -> {
            manyLocals = false;
            List<Stmt> statements = list(1, 5, () -> stmt(STATEMENT_DEPTH));
            GeneratedBody.Site site = site();
            int throwing = throwing();
            return new GeneratedBody(statements, site, throwing, cancelling ? weighted(STOP_AT) : -1);
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
            return switch (weighted(6, 8, 12, cancelling ? 0 : 1)) {
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
        Expr.Source source = cancelling ? sources[weighted(4, 4, 3, 3, 1)] : sources[random.nextInt(4)];
        return new Expr.Await(source, random.nextInt(3), inner);
    }

    /** {@code p.log(.. + await(p.parked()))}: where a race's child loses, or a task's program stops. */
    private Stmt parks() {
        return new Stmt.Log(random.nextInt(16), new Expr.Await(Expr.Source.PARKED, 0, lit()));
    }

    private Stmt stmt(int depth) {
        if (depth == 0) return leaf();
        int c = cancelling ? 1 : 0;
        int beside = cancelling && !inTimeout ? 3 : 0;
        return switch (weighted(8, 2, 2, 2 + 2 * c, 1 + c, 1, 1, 2, 1 - c, 1, beside, beside, 2 * c)) {
            case 0 -> leaf();
            case 1 -> new Stmt.If(expr(1), block(depth - 1), block(depth - 1));
            case 2 -> new Stmt.Loop(Stmt.Form.values()[random.nextInt(3)], random.nextInt(4), random.nextBoolean(),
                    block(depth - 1));
            case 3 -> new Stmt.Try(guarded(depth - 1), catches(), handler(), cancelling ? random.nextInt(4) != 0 : random.nextBoolean(),
                    handler());
            case 4 -> new Stmt.Resource(guarded(depth - 1), cancelling && random.nextInt(3) == 0);
            case 5 -> new Stmt.Scoped(pick(), expr(EXPRESSION_DEPTH), block(depth - 1));
            case 7 -> new Stmt.Construct(newObject(2));
            case 8 -> manyLocals ? leaf() : manyLocals();
            case 9 -> new Stmt.Child(list(1, 3, () -> stmt(depth - 1)));
            case 10 -> {
                inTimeout = true;
                List<Stmt> body = list(1, 3, () -> stmt(depth - 1));
                inTimeout = false;
                yield new Stmt.Timeout(body, random.nextInt(4) != 0);
            }
            case 11 -> {
                List<Stmt> body = list(0, 2, () -> stmt(depth - 1));
                if (random.nextInt(4) != 0) body.add(parks());
                yield new Stmt.Race(body, random.nextInt(3), random.nextBoolean());
            }
            case 12 -> new Stmt.CatchCancel(guarded(depth - 1), handler(),
                    Stmt.Action.values()[random.nextInt(Stmt.Action.values().length)]);
            default -> new Stmt.Switch(random.nextBoolean(), random.nextBoolean(), random.nextBoolean(), expr(1),
                    block(depth - 1), block(depth - 1), block(depth - 1));
        };
    }

    /**
     * The block a try, a try-with-resources or a catch of the cancellation guards: in programs that
     * are cancelled, half the time with a statement that suspends (so that the cancellation comes
     * inside it more often, and its catches, finally blocks and closes run while the body unwinds).
     */
    private List<Stmt> guarded(int depth) {
        List<Stmt> block = block(depth);
        if (cancelling && random.nextBoolean()) {
            Expr suspends = new Expr.Await(random.nextInt(3) == 0 ? Expr.Source.REMOTE : Expr.Source.LATER, 1 + random.nextInt(2), lit());
            block.add(random.nextInt(block.size() + 1), new Stmt.Log(random.nextInt(16), suspends));
        }
        return block;
    }

    /**
     * A catch or finally block: simple statements; in programs that are cancelled, cleanup awaits
     * and throws too, which run while the body unwinds.
     */
    private List<Stmt> handler() {
        if (!cancelling) return block(0);
        return list(0, 2, () -> switch (weighted(5, 3, 2)) {
            case 0 -> leaf();
            case 1 -> cleanup();
            default -> new Stmt.Raise();
        });
    }

    private Stmt cleanup() {
        Stmt.Work work = Stmt.Work.values()[weighted(2, 1, 2)];
        return new Stmt.Cleanup(work, random.nextInt(3), pick(), expr(0), random.nextInt(4) != 0);
    }

    /**
     * Which catch clauses a try has ({@link Stmt.Try#catches}); in programs that are cancelled at
     * most two, as each repeats a handler that may await cleanup work, and the weaver copies the rest
     * of a loop for each await inside it.
     */
    private int catches() {
        if (!cancelling) return random.nextInt(16);
        int first = 1 << random.nextInt(4);
        return random.nextBoolean() ? first : first | 1 << random.nextInt(4);
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
