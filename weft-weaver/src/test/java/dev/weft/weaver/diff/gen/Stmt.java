package dev.weft.weaver.diff.gen;

import java.util.List;

/**
 * The shape of a generated statement; see {@link Expr} for how shapes become code. Every jump,
 * throw and return is conditional (or, for {@link Raise} and a {@link CatchCancel}'s action, at
 * the end of a block or hidden in a call), so no generated code is unreachable; every loop is
 * bounded.
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
     * {@code try (Probe.Resource r = p.resource("r<n>", closeThrows)) { body }}: closed (and
     * logged) however the body ends; a close that throws throws {@code IllegalStateException}
     * (suppressed into what the body threw, if it threw).
     *
     * @param body the block using the resource
     * @param closeThrows whether its close throws
     */
    record Resource(List<Stmt> body, boolean closeThrows) implements Stmt {}

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

    /**
     * {@code p.log("ch<n> " + await(Weft.async(() -> { locals; body; return ..; })))}: a child
     * body awaited as soon as it is made, which the stackful mode runs inline on the parent's
     * stack; it declares locals of its own (a lambda cannot capture the parent's, which change) and
     * shares its parent's lane.
     *
     * @param body the child's statements
     */
    record Child(List<Stmt> body) implements Stmt {}

    /**
     * {@code p.log("to<n> " + await(Time.timeout(Weft.async(() -> { .. }), Duration.ZERO)))}: a
     * child body in a lane of its own, whose timeout expires at its first suspension: it is
     * cancelled there, and the await throws {@code TimeoutException} once it unwound.
     *
     * @param body the child's statements
     * @param caught whether a {@code catch (TimeoutException e)} around it logs and goes on
     */
    record Timeout(List<Stmt> body, boolean caught) implements Stmt {}

    /**
     * {@code p.log("ra<n> " + await(Future.race(Weft.async(() -> { .. }), p.winner(lane, "w<n>",
     * polls))))}: a child body in a lane of its own, raced by a future that wins {@code polls}
     * polls after the child parked (a parked await in its lane), so the child loses while it is
     * suspended there, or wins by ending first.
     *
     * @param body the child's statements
     * @param polls the winner's polls after the child parked (0 to 2)
     * @param winnerFirst whether the winner is the race's first future
     */
    record Race(List<Stmt> body, int polls, boolean winnerFirst) implements Stmt {}

    /**
     * {@code try { body } catch (CancellationException e) { p.log(..); handler; action }}.
     *
     * @param body the try block
     * @param handler simple statements the catch runs after logging
     * @param action how the catch ends
     */
    record CatchCancel(List<Stmt> body, List<Stmt> handler, Action action) implements Stmt {}

    /**
     * {@code p.log("cu<n> " + await(Time.cleanup(work, bound)))}, the one await that waits in a
     * cancelled body: work that completes (bounded by 30 seconds, which it never reaches), or a
     * future that never does, bounded by a few milliseconds: its await ends in
     * {@code TimeoutException}.
     *
     * @param work what it waits for
     * @param polls pending polls of {@link Work#LATER}; the bound in milliseconds (1 to 3) of
     *     {@link Work#NEVER}
     * @param kind the kind of the work's output ({@link Kind#pick})
     * @param value the work's output, evaluated (its awaits included) before the cleanup
     * @param caught whether a {@code catch (TimeoutException e)} around it logs and goes on
     */
    record Cleanup(Work work, int polls, int kind, Expr value, boolean caught) implements Stmt {}

    /** {@code p.raise("x<n>");}: throws an {@code ArithmeticException}, where javac does not see it. */
    record Raise() implements Stmt {}

    /** The loop statements. */
    enum Form { FOR, WHILE, DO_WHILE }

    /** How a {@link CatchCancel} ends. */
    enum Action {
        /** Goes on after the try statement: swallows the cancellation. */
        SWALLOW,
        /** Returns the body's state: swallows it and returns. */
        RETURN,
        /** {@code throw e;} */
        RETHROW,
        /** Throws an {@code ArithmeticException} instead. */
        RAISE
    }

    /** What a {@link Cleanup} waits for. */
    enum Work { LATER, REMOTE, NEVER }
}
