package dev.weft.weaver.diff.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Makes a failing generated body smaller while it still fails: drops one statement, or puts a
 * compound statement's own blocks in its place (a child body's statements too: inline in its
 * parent), anywhere in the tree, or makes a block of many locals smaller, or makes a statement's
 * extras plain (a close that throws, a caught timeout or cleanup, a catch of the cancellation
 * that returns or throws, cleanup work that never completes), or passes the body to
 * {@code Weft.async} plainly, or makes every class initializer succeed, or cancels a program at
 * an earlier suspension; it keeps the first smaller body that still fails, until none does. What
 * is left is the body printed in the failure.
 */
final class Shrinker {
    private Shrinker() {}

    /**
     * @param body a body for which {@code fails} holds
     * @param fails whether a body still shows the failure
     * @return the smallest failing body reached
     */
    static GeneratedBody shrink(GeneratedBody body, Predicate<GeneratedBody> fails) {
        GeneratedBody current = body;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (GeneratedBody candidate : smaller(current)) {
                if (!candidate.statements().isEmpty() && fails.test(candidate)) {
                    current = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }

    private static List<GeneratedBody> smaller(GeneratedBody body) {
        List<GeneratedBody> out = new ArrayList<>();
        List<Stmt> s = body.statements();
        if (body.site() != GeneratedBody.Site.PLAIN) out.add(new GeneratedBody(s, GeneratedBody.Site.PLAIN, body.throwing(), body.stopAt()));
        if (body.throwing() != 0) out.add(new GeneratedBody(s, body.site(), 0, body.stopAt()));
        if (body.stopAt() > 0) out.add(new GeneratedBody(s, body.site(), body.throwing(), body.stopAt() - 1));
        for (List<Stmt> smaller : smaller(s)) out.add(new GeneratedBody(smaller, body.site(), body.throwing(), body.stopAt()));
        return out;
    }

    /** Every list one step smaller than {@code block}. */
    private static List<List<Stmt>> smaller(List<Stmt> block) {
        List<List<Stmt>> out = new ArrayList<>();
        for (int i = 0; i < block.size(); i++) {
            List<Stmt> without = new ArrayList<>(block);
            without.remove(i);
            out.add(without);
            for (List<Stmt> inner : children(block.get(i))) {
                List<Stmt> flattened = new ArrayList<>(block.subList(0, i));
                flattened.addAll(inner);
                flattened.addAll(block.subList(i + 1, block.size()));
                out.add(flattened);
            }
            for (Stmt s : replacements(block.get(i))) {
                List<Stmt> replaced = new ArrayList<>(block);
                replaced.set(i, s);
                out.add(replaced);
            }
        }
        return out;
    }

    private static List<List<Stmt>> children(Stmt s) {
        return switch (s) {
            case Stmt.If i -> List.of(i.then(), i.otherwise());
            case Stmt.Loop l -> List.of(l.body());
            case Stmt.Try t -> List.of(t.body());
            case Stmt.Resource r -> List.of(r.body());
            case Stmt.Switch w -> List.of(w.first(), w.second(), w.rest());
            case Stmt.ManyLocals m -> List.of(m.body());
            case Stmt.Child c -> List.of(c.body());
            case Stmt.Timeout t -> List.of(t.body());
            case Stmt.Race r -> List.of(r.body());
            case Stmt.CatchCancel c -> List.of(c.body());
            default -> List.of();
        };
    }

    /** The same statement with one of its blocks one step smaller, or with one of its extras plain. */
    private static List<Stmt> replacements(Stmt s) {
        List<Stmt> out = new ArrayList<>();
        switch (s) {
            case Stmt.If i -> {
                for (List<Stmt> b : smaller(i.then())) out.add(new Stmt.If(i.condition(), b, i.otherwise()));
                for (List<Stmt> b : smaller(i.otherwise())) out.add(new Stmt.If(i.condition(), i.then(), b));
            }
            case Stmt.Loop l -> {
                for (List<Stmt> b : smaller(l.body())) out.add(new Stmt.Loop(l.form(), l.count(), l.awaitedBound(), b));
            }
            case Stmt.Try t -> {
                for (List<Stmt> b : smaller(t.body())) {
                    out.add(new Stmt.Try(b, t.catches(), t.handler(), t.hasFinally(), t.cleanup()));
                }
                for (List<Stmt> b : smaller(t.handler())) {
                    out.add(new Stmt.Try(t.body(), t.catches(), b, t.hasFinally(), t.cleanup()));
                }
                for (List<Stmt> b : smaller(t.cleanup())) {
                    out.add(new Stmt.Try(t.body(), t.catches(), t.handler(), t.hasFinally(), b));
                }
            }
            case Stmt.Resource r -> {
                if (r.closeThrows()) out.add(new Stmt.Resource(r.body(), false));
                for (List<Stmt> b : smaller(r.body())) out.add(new Stmt.Resource(b, r.closeThrows()));
            }
            case Stmt.Scoped c -> {
                for (List<Stmt> b : smaller(c.body())) out.add(new Stmt.Scoped(c.kind(), c.init(), b));
            }
            case Stmt.ManyLocals m -> {
                if (m.count() > 1) out.add(new Stmt.ManyLocals(m.count() / 2, m.lines(), m.body()));
                if (m.lines() > 0) out.add(new Stmt.ManyLocals(m.count(), m.lines() / 2, m.body()));
                for (List<Stmt> b : smaller(m.body())) out.add(new Stmt.ManyLocals(m.count(), m.lines(), b));
            }
            case Stmt.Child c -> {
                for (List<Stmt> b : smaller(c.body())) out.add(new Stmt.Child(b));
            }
            case Stmt.Timeout t -> {
                if (t.caught()) out.add(new Stmt.Timeout(t.body(), false));
                for (List<Stmt> b : smaller(t.body())) out.add(new Stmt.Timeout(b, t.caught()));
            }
            case Stmt.Race r -> {
                if (r.polls() != 0) out.add(new Stmt.Race(r.body(), 0, r.winnerFirst()));
                if (r.winnerFirst()) out.add(new Stmt.Race(r.body(), r.polls(), false));
                for (List<Stmt> b : smaller(r.body())) out.add(new Stmt.Race(b, r.polls(), r.winnerFirst()));
            }
            case Stmt.CatchCancel c -> {
                if (c.action() != Stmt.Action.SWALLOW) out.add(new Stmt.CatchCancel(c.body(), c.handler(), Stmt.Action.SWALLOW));
                for (List<Stmt> b : smaller(c.body())) out.add(new Stmt.CatchCancel(b, c.handler(), c.action()));
                for (List<Stmt> b : smaller(c.handler())) out.add(new Stmt.CatchCancel(c.body(), b, c.action()));
            }
            case Stmt.Cleanup c -> {
                if (c.caught()) out.add(new Stmt.Cleanup(c.work(), c.polls(), c.kind(), c.value(), false));
                if (c.work() != Stmt.Work.LATER) out.add(new Stmt.Cleanup(Stmt.Work.LATER, c.polls(), c.kind(), c.value(), c.caught()));
                if (!(c.value() instanceof Expr.Lit)) out.add(new Stmt.Cleanup(c.work(), c.polls(), c.kind(), new Expr.Lit(0), c.caught()));
            }
            default -> { }
        }
        return out;
    }
}
