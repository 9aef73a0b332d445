package dev.weft.weaver.diff.gen;

/**
 * The shape of a generated expression. Shapes carry no types: {@link Renderer} renders each at the
 * kind its place needs, so every generated body compiles, and small numbers pick among what is in
 * scope, so shrinking a number picks the first choice.
 */
sealed interface Expr {
    /** @param n the literal's seed ({@link Kind#literal}) */
    record Lit(int n) implements Expr {}

    /** @param pick which variable of the kind in scope */
    record Var(int pick) implements Expr {}

    /**
     * {@code await(p.ready(v))}, {@code await(p.later(v, polls))}, {@code await(p.remote(v))}, a
     * yield then {@code v}: {@code p.afterYield(await(Future.yieldNow()), v)}, or
     * {@code await(p.parked())}, which never completes ({@code v} is then not rendered).
     *
     * @param source which future
     * @param polls the pending polls of a {@code later} future
     * @param value the value it completes with
     */
    record Await(Source source, int polls, Expr value) implements Expr {}

    /** @param checked {@code await(p.failChecked(..))} if true, else {@code await(p.failUnchecked(..))} */
    record Fail(boolean checked) implements Expr {}

    /**
     * A binary operation of the place's kind (or a comparison, for a boolean).
     *
     * @param op which operator
     * @param left its left operand
     * @param right its right operand
     */
    record Binary(int op, Expr left, Expr right) implements Expr {}

    /**
     * @param condition a boolean
     * @param then when true
     * @param otherwise when false
     */
    record Ternary(Expr condition, Expr then, Expr otherwise) implements Expr {}

    /** @param value logged by {@code p.seen(..)}, and the result */
    record Seen(Expr value) implements Expr {}

    /**
     * A switch expression on {@code selector & 3} (or on a string made of it), whose second arm is
     * a block that logs and yields.
     *
     * @param onString switch on {@code "k" + (selector & 1)} instead
     * @param selector an int
     * @param first case 0 (or "k0")
     * @param second case 1 (or "k1")
     * @param rest default
     */
    record Switch(boolean onString, Expr selector, Expr first, Expr second, Expr rest) implements Expr {}

    /**
     * {@code new Nk(first, second)} of one of the body's generated classes, whose static
     * initializer logs and may throw ({@link GeneratedBody#throwing}); the constructor takes two
     * objects and logs. A class whose initializer throws is made only where the statement guards
     * it ({@link Stmt.Construct}); elsewhere the renderer takes a class that does not throw.
     *
     * @param cls which class
     * @param firstKind the kind {@code first} is rendered at ({@link Kind#pick})
     * @param first the first argument
     * @param secondKind the kind of {@code second}
     * @param second the second argument
     */
    record New(int cls, int firstKind, Expr first, int secondKind, Expr second) implements Expr {}

    /**
     * A switch expression on {@code selector & 1} whose case 0 is a {@code try} block that yields
     * {@code tried}, with a catch that logs and yields {@code caught} and a finally that logs if
     * asked; default yields {@code rest}. javac parks the operand stack in locals around such a
     * switch, uninitialized objects included, so it is rendered as it is only as a constructor
     * argument in a {@link Stmt.Construct} (where nothing wide is on the stack: javac 25 crashes on
     * a long or double there); anywhere else as a plain switch.
     *
     * @param selector an int
     * @param tried yielded by the try block
     * @param catchAll catch {@code Exception}, else {@code IllegalStateException}
     * @param caught yielded by the catch block
     * @param hasFinally whether a finally logs
     * @param rest yielded by default
     */
    record TrySwitch(Expr selector, Expr tried, boolean catchAll, Expr caught, boolean hasFinally, Expr rest)
            implements Expr {}

    /**
     * The futures an await waits for; {@code PARKED} (never ready: {@code p.parked()} in the
     * lane of the body, where a task's program stops, or a race's child loses) only in programs
     * that are cancelled.
     */
    enum Source { READY, LATER, REMOTE, AFTER_YIELD, PARKED }
}
