package dev.weft.weaver.diff.gen;

import java.util.List;

/**
 * The shape of a generated statement; see {@link Expr} for how shapes become code. Every jump,
 * throw and return is conditional, so no generated code is unreachable; every loop is bounded.
 */
sealed interface Stmt {
    /**
     * {@code v = e;} or a compound assignment {@code v op= e;} to an assignable variable in scope.
     *
     * @param pick which variable
     * @param op which operator; 0 is plain {@code =}
     * @param value the right-hand side
     */
    record Assign(int pick, int op, Expr value) implements Stmt {}

    /**
     * {@code p.log("l<n> " + (e));}.
     *
     * @param kind the kind {@code e} is rendered at ({@link Kind#pick})
     * @param value what to log
     */
    record Log(int kind, Expr value) implements Stmt {}

    /**
     * {@code arr[(i) & 3] += e;}.
     *
     * @param index an int
     * @param value an int
     */
    record ArrayAdd(Expr index, Expr value) implements Stmt {}

    /**
     * {@code if (c) break label;} or {@code continue label;} to an enclosing loop (a plain
     * {@code break} in a switch outside loops; a log line where there is nothing to leave).
     *
     * @param isBreak break, else continue
     * @param pick which enclosing loop
     * @param condition when to jump
     */
    record Jump(boolean isBreak, int pick, Expr condition) implements Stmt {}

    /**
     * {@code if (c) throw new IllegalStateException(..)} or {@code IOException}.
     *
     * @param checked throw an IOException
     * @param condition when to throw
     */
    record Throw(boolean checked, Expr condition) implements Stmt {}

    /** @param condition when to return the body's state early */
    record Return(Expr condition) implements Stmt {}

    /**
     * @param condition a boolean
     * @param then when true
     * @param otherwise when false (no else if empty)
     */
    record If(Expr condition, List<Stmt> then, List<Stmt> otherwise) implements Stmt {}

    /**
     * A labelled loop of {@code count} iterations.
     *
     * @param form for, while or do-while
     * @param count 0 to 3
     * @param awaitedBound the bound is awaited in each test of the condition
     * @param body the loop body
     */
    record Loop(Form form, int count, boolean awaitedBound, List<Stmt> body) implements Stmt {}

    /**
     * try with the catches of {@code catches} (bits: IllegalStateException, UncheckedIOException (never thrown: a handler that does not match),
     * RuntimeException, Exception; each logs the exception, then runs {@code handler}) and a
     * finally if asked (always, if no catch is).
     *
     * @param body the try block
     * @param catches which catch clauses
     * @param handler what each catch runs after logging
     * @param hasFinally whether there is a finally
     * @param cleanup the finally block
     */
    record Try(List<Stmt> body, int catches, List<Stmt> handler, boolean hasFinally, List<Stmt> cleanup) implements Stmt {}

    /**
     * {@code try (Probe.Resource r = p.resource("r<n>")) { body }}: closed (and logged) however
     * the body ends.
     *
     * @param body the block using the resource
     */
    record Resource(List<Stmt> body) implements Stmt {}

    /**
     * {@code { T x = init; body; p.log(x); }}: a local of its own scope, so javac reuses slots.
     *
     * @param kind the local's kind ({@link Kind#pick})
     * @param init its initial value
     * @param body statements that see it
     */
    record Scoped(int kind, Expr init, List<Stmt> body) implements Stmt {}

    /**
     * A switch statement on {@code selector & 3} (or a string), arrow or old style.
     *
     * @param arrow {@code case 0 -> {..}}, else {@code case 0: {..} break;}
     * @param onString switch on {@code "k" + (selector & 1)} instead
     * @param fallThrough old style: case 0 falls into case 1
     * @param selector an int
     * @param first case 0 (or "k0")
     * @param second case 1 (or "k1")
     * @param rest default
     */
    record Switch(boolean arrow, boolean onString, boolean fallThrough, Expr selector, List<Stmt> first,
                  List<Stmt> second, List<Stmt> rest) implements Stmt {}

    /**
     * {@code try { p.log("n<id> " + new Nk(..)); } catch (ExceptionInInitializerError |
     * NoClassDefFoundError e) { p.log(..); }}: the one place where a class whose initializer
     * throws is made, so the error of a failed initialization never leaves the body (its message
     * names the thread the initializer ran on, which differs between the runs).
     *
     * @param value what is made, its arguments evaluated first (nested news and switch
     *     expressions with try arms among them)
     */
    record Construct(Expr.New value) implements Stmt {}

    /**
     * A block of {@code count} locals (long, double, int and String in turn) that two nested loops
     * of two iterations update in {@code lines} statements, at most six of them awaits, around
     * {@code body}, which sees them; then every local is logged. Many wide locals are live across
     * the awaits of the loops, and a long loop body takes the loop copies past their budget.
     *
     * @param count how many locals
     * @param lines how many update statements
     * @param body statements inside the inner loop
     */
    record ManyLocals(int count, int lines, List<Stmt> body) implements Stmt {}

    /** The loop statements. */
    enum Form { FOR, WHILE, DO_WHILE }
}
