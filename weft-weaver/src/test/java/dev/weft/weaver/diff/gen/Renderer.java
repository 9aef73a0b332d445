package dev.weft.weaver.diff.gen;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Renders statement shapes as the Java text of a body that compiles: each expression at the kind
 * its place needs, each variable pick among the variables in scope, each jump to an enclosing loop.
 * A child body ({@link Stmt.Child}, {@link Stmt.Timeout}, {@link Stmt.Race}) is a lambda of its
 * own: it declares its own locals and sees none of its parent's, nor its loops; the futures it
 * awaits are of its parent's lane (inline) or of a new one (beside its parent). Rendering is
 * deterministic, so the async body and its blocking twin get the same text.
 */
final class Renderer {
    private static final List<Var> LOCALS = List.of(new Var("i0", Kind.INT, true), new Var("i1", Kind.INT, true),
            new Var("l0", Kind.LONG, true), new Var("d0", Kind.DOUBLE, true), new Var("f0", Kind.FLOAT, true),
            new Var("b0", Kind.BYTE, true), new Var("c0", Kind.CHAR, true), new Var("s0", Kind.SHORT, true),
            new Var("z0", Kind.BOOLEAN, true), new Var("t0", Kind.STRING, true));
    private static final String[] INITIAL = {"await(P.ready(1))", "2", "3L", "0.5", "1.5f", "4", "'e'", "6", "true", "\"t\""};
    private static final String[] CATCHES = {"IllegalStateException", "java.io.UncheckedIOException", "RuntimeException", "Exception"};

    private final GeneratedBody owner;
    private final StringBuilder out = new StringBuilder();
    private Frame frame;
    private Deque<List<Var>> scopes = new ArrayDeque<>();
    private List<String> loops = new ArrayList<>(); // labels of the enclosing loops of this frame, outermost first
    private int switches; // enclosing switch statements of this frame
    private int lanes; // lanes given to child bodies so far
    private int ids;
    private int indent;

    private Renderer(int indent, GeneratedBody owner) {
        this.indent = indent;
        this.owner = owner;
    }

    /**
     * @param statements the body's statements
     * @param indent the indentation level of the body's lines (four spaces each)
     * @param owner the body, for which of its classes' initializers throw
     * @return the body's lines: its locals (the first awaited, so that every body is woven), the
     *     statements, and a return of every local's value
     */
    static String body(List<Stmt> statements, int indent, GeneratedBody owner) {
        Renderer r = new Renderer(indent, owner);
        r.frame = frame("", 0);
        r.line(r.frame.declarations());
        r.scopes.push(new ArrayList<>(r.frame.locals()));
        statements.forEach(r::statement);
        r.line("return \"end\" + " + r.frame.state() + ";");
        return r.out.toString();
    }

    /**
     * The locals of one body: the task's ({@code suffix} empty), or a child's, whose names end in
     * its own suffix (a lambda may not redeclare a local of the method it is in).
     */
    private static Frame frame(String suffix, int lane) {
        List<Var> locals = LOCALS.stream().map(v -> new Var(v.name + suffix, v.kind, true)).toList();
        StringBuilder declarations = new StringBuilder();
        for (int i = 0; i < locals.size(); i++) {
            Var v = locals.get(i);
            declarations.append(v.kind.type()).append(' ').append(v.name).append(" = ")
                    .append(INITIAL[i].replace("P.", probe(lane) + ".")).append("; ");
        }
        String arr = "arr" + suffix;
        declarations.append("int[] ").append(arr).append(" = new int[4];");
        String state = locals.stream().map(v -> "\" " + v.name + "=\" + " + v.name).collect(Collectors.joining(" + "))
                + " + \" " + arr + "=\" + java.util.Arrays.toString(" + arr + ")";
        return new Frame(locals, declarations.toString(), state, arr, lane);
    }

    /** @return the probe expression whose futures are of {@code lane} */
    private static String probe(int lane) {
        return lane == 0 ? "p" : "p.lane(" + lane + ")";
    }

    private String probe() {
        return probe(frame.lane());
    }

    private void statement(Stmt s) {
        switch (s) {
            case Stmt.Assign a -> {
                List<Var> vars = visible(v -> v.assignable);
                Var v = vars.get(Math.floorMod(a.pick(), vars.size()));
                line(v.name + " " + assignOperator(v.kind, a.op()) + " " + expr(a.value(), v.kind) + ";");
            }
            case Stmt.Log l -> line("p.log(\"l" + id() + " \" + (" + expr(l.value(), Kind.pick(l.kind())) + "));");
            case Stmt.ArrayAdd a -> line(frame.arr() + "[(" + expr(a.index(), Kind.INT) + ") & 3] += " + expr(a.value(), Kind.INT) + ";");
            case Stmt.Jump j -> jump(j);
            case Stmt.Throw t -> line("if (" + expr(t.condition(), Kind.BOOLEAN) + ") throw new "
                    + (t.checked() ? "java.io.IOException" : "IllegalStateException") + "(\"t" + id() + " \" + "
                    + frame.locals().getFirst().name + ");");
            case Stmt.Return r -> line("if (" + expr(r.condition(), Kind.BOOLEAN) + ") return \"r" + id() + "\" + " + frame.state() + ";");
            case Stmt.If i -> {
                line("if (" + expr(i.condition(), Kind.BOOLEAN) + ") {");
                block(i.then());
                if (!i.otherwise().isEmpty()) {
                    line("} else {");
                    block(i.otherwise());
                }
                line("}");
            }
            case Stmt.Loop l -> loop(l);
            case Stmt.Try t -> tryStatement(t);
            case Stmt.Resource r -> {
                String name = "r" + id();
                line("try (Probe.Resource " + name + " = p.resource(\"" + name + "\"" + (r.closeThrows() ? ", true" : "") + ")) {");
                indent++;
                line("p.log(\"using \" + " + name + ".name());");
                indent--;
                block(r.body());
                line("}");
            }
            case Stmt.Scoped s1 -> {
                Kind k = Kind.pick(s1.kind());
                String x = "x" + id();
                line("{");
                indent++;
                line(k.type() + " " + x + " = " + expr(s1.init(), k) + ";");
                scopes.push(new ArrayList<>(List.of(new Var(x, k, true))));
                s1.body().forEach(this::statement);
                scopes.pop();
                line("p.log(\"" + x + " \" + " + x + ");");
                indent--;
                line("}");
            }
            case Stmt.Switch w -> switchStatement(w);
            case Stmt.Construct c -> construct(c);
            case Stmt.ManyLocals m -> manyLocals(m);
            case Stmt.Child c -> {
                line("p.log(\"ch" + id() + " \" + await(Weft.async(() -> {");
                child(c.body(), frame.lane());
                line("})));");
            }
            case Stmt.Timeout t -> timeout(t);
            case Stmt.Race r -> race(r);
            case Stmt.CatchCancel c -> catchCancel(c);
            case Stmt.Cleanup c -> cleanup(c);
            case Stmt.Raise r -> line("p.raise(\"x" + id() + "\");");
        }
    }

    /**
     * The lines of a child body's lambda, between the lines that open and close it: its own
     * locals, its statements, and a return of its locals' values.
     */
    private void child(List<Stmt> body, int lane) {
        Frame parent = frame;
        Deque<List<Var>> parentScopes = scopes;
        List<String> parentLoops = loops;
        int parentSwitches = switches;
        String name = "c" + id();
        frame = frame(name, lane);
        scopes = new ArrayDeque<>();
        loops = new ArrayList<>();
        switches = 0;
        indent++;
        line(frame.declarations());
        scopes.push(new ArrayList<>(frame.locals()));
        body.forEach(this::statement);
        line("return \"" + name + "\" + " + frame.state() + ";");
        indent--;
        frame = parent;
        scopes = parentScopes;
        loops = parentLoops;
        switches = parentSwitches;
    }

    private void timeout(Stmt.Timeout t) {
        String n = "to" + id();
        if (t.caught()) {
            line("try {");
            indent++;
        }
        line("p.log(\"" + n + " \" + await(Time.timeout(Weft.async(() -> {");
        child(t.body(), ++lanes);
        line("}), Duration.ZERO)));");
        if (t.caught()) {
            indent--;
            line("} catch (TimeoutException e" + n + ") {");
            indent++;
            line("p.log(\"" + n + " \" + p.caught(e" + n + "));");
            indent--;
            line("}");
        }
    }

    private void race(Stmt.Race r) {
        String n = "ra" + id();
        int lane = ++lanes;
        String winner = "p.winner(" + lane + ", \"w" + n + "\", " + Math.floorMod(r.polls(), 3) + ")";
        line("p.log(\"" + n + " \" + await(Future.race(" + (r.winnerFirst() ? winner + ", " : "") + "Weft.async(() -> {");
        child(r.body(), lane);
        line("})" + (r.winnerFirst() ? "" : ", " + winner) + ")));");
    }

    private void catchCancel(Stmt.CatchCancel c) {
        String e = "e" + id();
        line("try {");
        block(c.body());
        line("} catch (java.util.concurrent.CancellationException " + e + ") {");
        indent++;
        line("p.log(\"cc" + id() + " \" + p.caught(" + e + "));");
        indent--;
        block(c.handler());
        indent++;
        switch (c.action()) {
            case SWALLOW -> { }
            case RETURN -> line("return \"cc" + id() + "\" + " + frame.state() + ";");
            case RETHROW -> line("throw " + e + ";");
            case RAISE -> line("throw new ArithmeticException(\"cc" + id() + "\");");
        }
        indent--;
        line("}");
    }

    private void cleanup(Stmt.Cleanup c) {
        String n = "cu" + id();
        Kind k = Kind.pick(c.kind());
        String work = switch (c.work()) {
            case LATER -> "p.cleanupWork(" + expr(c.value(), k) + ", " + Math.floorMod(c.polls(), 3) + "), Duration.ofSeconds(30)";
            case REMOTE -> "p.cleanupRemote(" + expr(c.value(), k) + "), Duration.ofSeconds(30)";
            case NEVER -> "p.<" + k.boxed() + ">never(), Duration.ofMillis(" + (1 + Math.floorMod(c.polls(), 3)) + ")";
        };
        if (c.caught()) {
            line("try {");
            indent++;
        }
        line("p.log(\"" + n + " \" + await(Time.cleanup(" + work + ")));");
        if (c.caught()) {
            indent--;
            line("} catch (TimeoutException e" + n + ") {");
            indent++;
            line("p.log(\"" + n + " \" + p.caught(e" + n + "));");
            indent--;
            line("}");
        }
    }

    /** The guarded {@code new}: the errors of a failed class initialization are logged, not thrown. */
    private void construct(Stmt.Construct c) {
        String n = "n" + id();
        line("try {");
        indent++;
        line("p.log(\"" + n + " \" + " + newObject(c.value(), true, true) + ");");
        indent--;
        line("} catch (ExceptionInInitializerError | NoClassDefFoundError e" + n + ") {");
        indent++;
        line("p.log(\"" + n + " \" + e" + n + ".getClass().getSimpleName());");
        indent--;
        line("}");
    }

    /**
     * @param guarded inside a {@link Stmt.Construct}: a class whose initializer throws may be made
     * @param safe only objects below on the operand stack: a switch with a try arm may be an argument
     */
    private String newObject(Expr.New n, boolean guarded, boolean safe) {
        int k = Math.floorMod(n.cls(), GeneratedBody.CLASSES);
        if (!guarded && owner.throwsInInit(k)) k = 0;
        return "new N" + k + "(" + argument(n.firstKind(), n.first(), guarded, safe) + ", "
                + argument(n.secondKind(), n.second(), guarded, safe) + ")";
    }

    private String argument(int kind, Expr e, boolean guarded, boolean safe) {
        return switch (e) {
            case Expr.New inner -> newObject(inner, guarded, safe);
            case Expr.TrySwitch t when safe -> trySwitch(t, Kind.pick(kind));
            default -> expr(e, Kind.pick(kind));
        };
    }

    private String trySwitch(Expr.TrySwitch t, Kind k) {
        String e = "e" + id();
        String log = "p.log(\"ts" + id();
        String fin = t.hasFinally() ? " finally { " + log + " finally\"); }" : "";
        return "switch ((" + expr(t.selector(), Kind.INT) + ") & 1) { case 0 -> { try { yield " + expr(t.tried(), k)
                + "; } catch (" + (t.catchAll() ? "Exception " : "IllegalStateException ") + e + ") { " + log
                + " caught \" + p.caught(" + e + ")); yield " + expr(t.caught(), k) + "; }" + fin + " } default -> "
                + expr(t.rest(), k) + "; }";
    }

    private void manyLocals(Stmt.ManyLocals m) {
        String name = "m" + id();
        int count = Math.max(1, m.count());
        line("{");
        indent++;
        List<Var> vars = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Kind k = switch (i % 4) {
                case 0 -> Kind.LONG;
                case 1 -> Kind.DOUBLE;
                case 2 -> Kind.INT;
                default -> Kind.STRING;
            };
            vars.add(new Var(name + "_" + i, k, true));
            line(k.type() + " " + name + "_" + i + " = " + k.literal(i) + ";");
        }
        scopes.push(new ArrayList<>(vars));
        String a = "a" + id();
        String b = "b" + id();
        String outer = "loop" + id();
        String inner = "loop" + id();
        line(outer + ": for (int " + a + " = 0; " + a + " < 2; " + a + "++) {");
        indent++;
        line(inner + ": for (int " + b + " = 0; " + b + " < 2; " + b + "++) {");
        indent++;
        scopes.push(new ArrayList<>(List.of(new Var(a, Kind.INT, false), new Var(b, Kind.INT, false))));
        loops.add(outer);
        loops.add(inner);
        int every = Math.max(4, m.lines() / 6); // at most six awaits: each saves every local
        for (int i = 0; i < m.lines(); i++) {
            Var v = vars.get(i * 7 % count);
            String value = i % every == every - 1 ? "await(" + probe() + ".later(" + a + " + " + b + " + " + i + ", " + i % 3 + "))"
                    : "(" + a + " * 2 + " + b + " + " + i + ")";
            line(switch (v.kind) {
                case LONG -> v.name + " += " + value + ";";
                case DOUBLE -> v.name + " -= " + value + ";";
                case STRING -> v.name + " = " + v.name + ".length() > 24 ? \"r\" : " + v.name + " + " + value + ";";
                default -> v.name + " ^= " + value + ";";
            });
        }
        m.body().forEach(this::statement);
        loops.removeLast();
        loops.removeLast();
        scopes.pop();
        indent--;
        line("}");
        indent--;
        line("}");
        scopes.pop();
        line("p.log(\"" + name + "\" + " + vars.stream().map(v -> "\" \" + " + v.name).collect(Collectors.joining(" + ")) + ");");
        indent--;
        line("}");
    }

    private void jump(Stmt.Jump j) {
        String condition = expr(j.condition(), Kind.BOOLEAN);
        if (!loops.isEmpty()) {
            String label = loops.get(Math.floorMod(j.pick(), loops.size()));
            line("if (" + condition + ") " + (j.isBreak() ? "break " : "continue ") + label + ";");
        } else if (switches > 0 && j.isBreak()) {
            line("if (" + condition + ") break;");
        } else {
            line("p.log(\"j" + id() + " \" + " + condition + ");");
        }
    }

    private void loop(Stmt.Loop l) {
        String label = "loop" + id();
        int count = Math.floorMod(l.count(), 4);
        String bound = l.awaitedBound() ? "await(" + probe() + ".later(" + count + ", 1))" : Integer.toString(count);
        String counter = (l.form() == Stmt.Form.FOR ? "k" : "w") + id();
        Var v = new Var(counter, Kind.INT, false);
        switch (l.form()) {
            case FOR -> line(label + ": for (int " + counter + " = 0; " + counter + " < " + bound + "; " + counter + "++) {");
            case WHILE -> {
                line("int " + counter + " = 0;");
                line(label + ": while (" + counter + " < " + bound + ") {");
            }
            case DO_WHILE -> {
                line("int " + counter + " = 0;");
                line(label + ": do {");
            }
        }
        indent++;
        if (l.form() != Stmt.Form.FOR) line(counter + "++;");
        scopes.push(new ArrayList<>(List.of(v)));
        loops.add(label);
        l.body().forEach(this::statement);
        loops.removeLast();
        scopes.pop();
        indent--;
        line(l.form() == Stmt.Form.DO_WHILE ? "} while (" + counter + " < " + bound + ");" : "}");
        if (l.form() != Stmt.Form.FOR) scopes.peek().add(v);
    }

    private void tryStatement(Stmt.Try t) {
        int catches = t.catches() & 0xF;
        line("try {");
        block(t.body());
        for (int i = 0; i < CATCHES.length; i++) {
            if ((catches & (1 << i)) == 0) continue;
            String e = "e" + id();
            line("} catch (" + CATCHES[i] + " " + e + ") {");
            indent++;
            line("p.log(\"c" + id() + " \" + p.caught(" + e + "));");
            indent--;
            block(t.handler());
        }
        if (t.hasFinally() || catches == 0) {
            line("} finally {");
            indent++;
            line("p.log(\"f" + id() + "\");");
            indent--;
            block(t.cleanup());
        }
        line("}");
    }

    private void switchStatement(Stmt.Switch w) {
        String selector = expr(w.selector(), Kind.INT);
        String[] labels = w.onString() ? new String[] {"\"k0\"", "\"k1\""} : new String[] {"0", "1"};
        line("switch (" + (w.onString() ? "\"k\" + ((" + selector + ") & 1)" : "(" + selector + ") & 3") + ") {");
        switches++;
        indent++;
        if (w.arrow()) {
            arrowCase("case " + labels[0], w.first());
            arrowCase("case " + labels[1], w.second());
            arrowCase("default", w.rest());
        } else {
            oldCase("case " + labels[0], w.first(), !w.fallThrough());
            oldCase("case " + labels[1], w.second(), true);
            oldCase("default", w.rest(), false);
        }
        indent--;
        switches--;
        line("}");
    }

    private void arrowCase(String label, List<Stmt> body) {
        line(label + " -> {");
        block(body);
        line("}");
    }

    private void oldCase(String label, List<Stmt> body, boolean breaks) {
        line(label + ": {");
        block(body);
        line("}");
        if (breaks) {
            indent++;
            line("break;");
            indent--;
        }
    }

    private void block(List<Stmt> statements) {
        indent++;
        scopes.push(new ArrayList<>());
        statements.forEach(this::statement);
        scopes.pop();
        indent--;
    }

    private String expr(Expr e, Kind k) {
        return switch (e) {
            case Expr.Lit l -> k.literal(l.n());
            case Expr.Var v -> {
                List<Var> vars = visible(x -> x.kind == k);
                yield vars.get(Math.floorMod(v.pick(), vars.size())).name;
            }
            case Expr.Await a when a.source() == Expr.Source.PARKED -> "await(" + probe() + ".<" + k.boxed() + ">parked())";
            case Expr.Await a -> {
                String value = expr(a.value(), k);
                yield switch (a.source()) {
                    case READY -> "await(" + probe() + ".ready(" + value + "))";
                    case LATER -> "await(" + probe() + ".later(" + value + ", " + Math.floorMod(a.polls(), 3) + "))";
                    case REMOTE -> "await(" + probe() + ".remote(" + value + "))";
                    case AFTER_YIELD -> "p.afterYield(await(dev.weft.future.Future.yieldNow()), " + value + ")";
                    case PARKED -> throw new AssertionError("rendered above");
                };
            }
            case Expr.Fail f -> "await(" + probe() + ".<" + k.boxed() + ">fail" + (f.checked() ? "Checked" : "Unchecked") + "(\"f" + id() + "\"))";
            case Expr.Binary b -> binary(b, k);
            case Expr.Ternary t -> narrowed(k, "(" + expr(t.condition(), Kind.BOOLEAN) + " ? " + expr(t.then(), k) + " : "
                    + expr(t.otherwise(), k) + ")");
            case Expr.Seen s -> "p.seen(\"v" + id() + "\", " + expr(s.value(), k) + ")";
            case Expr.New n -> {
                String made = "String.valueOf(" + newObject(n, false, false) + ")";
                yield switch (k) {
                    case STRING -> made;
                    case BOOLEAN -> made + ".isEmpty()";
                    default -> narrowed(k, made + ".length()");
                };
            }
            case Expr.TrySwitch t -> "((" + k.type() + ") (switch ((" + expr(t.selector(), Kind.INT) + ") & 1) { case 0 -> "
                    + expr(t.tried(), k) + "; default -> " + expr(t.rest(), k) + "; }))";
            case Expr.Switch w -> {
                String selector = expr(w.selector(), Kind.INT);
                String first = expr(w.first(), k);
                String second = expr(w.second(), k);
                String rest = expr(w.rest(), k);
                String on = w.onString() ? "\"k\" + ((" + selector + ") & 1)" : "(" + selector + ") & 3";
                String[] labels = w.onString() ? new String[] {"\"k0\"", "\"k1\""} : new String[] {"0", "1"};
                yield "((" + k.type() + ") (switch (" + on + ") { case " + labels[0] + " -> " + first + "; case " + labels[1]
                        + " -> { p.log(\"y" + id() + "\"); yield " + second + "; } default -> " + rest + "; }))";
            }
        };
    }

    private String binary(Expr.Binary b, Kind k) {
        int op = b.op();
        return switch (k) {
            case INT, LONG -> "(" + expr(b.left(), k) + " " + pick(op, "+", "-", "*", "^", "&", "|") + " " + expr(b.right(), k) + ")";
            case DOUBLE, FLOAT -> "(" + expr(b.left(), k) + " " + pick(op, "+", "-", "*") + " " + expr(b.right(), k) + ")";
            case BYTE, CHAR, SHORT -> narrowed(k, "(" + expr(b.left(), k) + " " + pick(op, "+", "-", "^") + " " + expr(b.right(), k) + ")");
            case STRING -> "(" + expr(b.left(), k) + " + " + expr(b.right(), Kind.pick(op)) + ")";
            case BOOLEAN -> switch (Math.floorMod(op, 7)) {
                case 0 -> "(" + expr(b.left(), k) + " && " + expr(b.right(), k) + ")";
                case 1 -> "(" + expr(b.left(), k) + " || " + expr(b.right(), k) + ")";
                case 2 -> "(" + expr(b.left(), k) + " ^ " + expr(b.right(), k) + ")";
                case 3 -> "(" + expr(b.left(), Kind.INT) + " < " + expr(b.right(), Kind.INT) + ")";
                case 4 -> "(" + expr(b.left(), Kind.LONG) + " >= " + expr(b.right(), Kind.LONG) + ")";
                case 5 -> "(" + expr(b.left(), Kind.CHAR) + " < " + expr(b.right(), Kind.CHAR) + ")";
                default -> "(" + expr(b.left(), Kind.STRING) + ").equals(" + expr(b.right(), Kind.STRING) + ")";
            };
        };
    }

    private static String assignOperator(Kind k, int op) {
        String[] compound = switch (k) {
            case INT, LONG -> new String[] {"+=", "-=", "*=", "^="};
            case DOUBLE, FLOAT -> new String[] {"+=", "-=", "*="};
            case BYTE, CHAR, SHORT -> new String[] {"+=", "-=", "^="};
            case BOOLEAN -> new String[] {"|=", "&=", "^="};
            case STRING -> new String[] {"+="};
        };
        int i = Math.floorMod(op, compound.length + 1);
        return i == 0 ? "=" : compound[i - 1];
    }

    private static String narrowed(Kind k, String expression) {
        return k.narrow() ? "(" + k.type() + ") " + expression : expression;
    }

    private static String pick(int op, String... choices) {
        return choices[Math.floorMod(op, choices.length)];
    }

    private List<Var> visible(Predicate<Var> which) {
        List<Var> all = new ArrayList<>();
        scopes.descendingIterator().forEachRemaining(scope -> scope.stream().filter(which).forEach(all::add));
        return all;
    }

    private int id() {
        return ids++;
    }

    private void line(String text) {
        out.append("    ".repeat(indent)).append(text).append('\n');
    }

    /** A local in scope: loop counters are read-only, so every loop ends. */
    private record Var(String name, Kind kind, boolean assignable) {}

    /**
     * The body being rendered: the task's, or a child's.
     *
     * @param locals its locals, each kind once
     * @param declarations the line declaring them (the first awaited, so that every body is woven)
     * @param state an expression of every local's value, which its returns show
     * @param arr the name of its array
     * @param lane the lane of the futures it awaits
     */
    private record Frame(List<Var> locals, String declarations, String state, String arr, int lane) {}
}
