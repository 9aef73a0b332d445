package dev.weft.weaver.diff.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shrinker keeps the failure and drops everything else, cancellation's statements included; the
 * generator is deterministic per seed and keeps the rules that make cancelled programs deterministic.
 */
class ShrinkerTest {
    private static final Stmt THROW = new Stmt.Throw(true, new Expr.Lit(1));

    @Test
    void shrinkingKeepsOnlyWhatTheFailureNeedsEvenDeepInsideBlocks() {
        Stmt log = new Stmt.Log(0, new Expr.Lit(2));
        Stmt loop = new Stmt.Loop(Stmt.Form.FOR, 2, false, List.of(log, new Stmt.If(new Expr.Lit(0), List.of(log),
                List.of(log, THROW))));
        GeneratedBody body = new GeneratedBody(List.of(log, loop, log));
        GeneratedBody small = Shrinker.shrink(body, b -> b.toString().contains("throw"));
        assertThat(small.statements()).containsExactly(THROW);
    }

    @Test
    void shrinkingMakesTheSitePlainTheInitializersSucceedAndTheBlockOfLocalsSmall() {
        Stmt locals = new Stmt.ManyLocals(40, 120, List.of(THROW));
        GeneratedBody body = new GeneratedBody(List.of(locals), GeneratedBody.Site.SWITCH, 0b1010, -1);
        GeneratedBody small = Shrinker.shrink(body, b -> b.toString().contains("throw new"));
        assertThat(small).isEqualTo(new GeneratedBody(List.of(THROW)));
    }

    @Test
    void aBodyThatStopsFailingWhenSmallerIsKeptWhole() {
        GeneratedBody body = new GeneratedBody(List.of(THROW, THROW));
        assertThat(Shrinker.shrink(body, b -> b.statements().size() == 2)).isEqualTo(body);
    }

    @Test
    void shrinkingPutsAChildBodysStatementsInItsPlace() {
        Stmt log = new Stmt.Log(0, new Expr.Lit(2));
        Stmt timeout = new Stmt.Timeout(List.of(log, new Stmt.Child(List.of(THROW))), true);
        GeneratedBody body = new GeneratedBody(List.of(new Stmt.Race(List.of(log, timeout), 2, true)), GeneratedBody.Site.PLAIN, 0, 3);
        GeneratedBody small = Shrinker.shrink(body, b -> b.toString().contains("throw new"));
        assertThat(small).isEqualTo(new GeneratedBody(List.of(THROW), GeneratedBody.Site.PLAIN, 0, 0));
    }

    @Test
    void shrinkingMakesTheExtrasOfACancelledProgramPlain() {
        Expr remote = new Expr.Await(Expr.Source.REMOTE, 1, new Expr.Lit(3));
        Stmt cleanup = new Stmt.Cleanup(Stmt.Work.NEVER, 2, 1, remote, true);
        Stmt catchCancel = new Stmt.CatchCancel(List.of(new Stmt.Resource(List.of(cleanup), true)), List.of(new Stmt.Raise()),
                Stmt.Action.RAISE);
        GeneratedBody body = new GeneratedBody(List.of(catchCancel), GeneratedBody.Site.PLAIN, 0, 5);
        GeneratedBody small = Shrinker.shrink(body, b -> b.toString().contains("Time.cleanup"));
        assertThat(small.statements()).containsExactly(new Stmt.Cleanup(Stmt.Work.LATER, 2, 1, new Expr.Lit(0), false));
        assertThat(small.stopAt()).isZero();
    }

    @Test
    void aCatchOfTheCancellationIsShrunkToOneThatSwallowsIt() {
        Stmt catchCancel = new Stmt.CatchCancel(List.of(THROW), List.of(new Stmt.Raise()), Stmt.Action.RETURN);
        GeneratedBody small = Shrinker.shrink(new GeneratedBody(List.of(catchCancel)), b -> b.toString().contains("CancellationException"));
        assertThat(small.statements()).containsExactly(new Stmt.CatchCancel(List.of(), List.of(), Stmt.Action.SWALLOW));
    }

    @Test
    void theSameSeedGivesTheSameBodiesAndAnotherSeedOthers() {
        assertThat(new BodyGenerator(7).batch(12)).isEqualTo(new BodyGenerator(7).batch(12));
        assertThat(new BodyGenerator(7).batch(12)).isNotEqualTo(new BodyGenerator(8).batch(12));
        assertThat(BodyGenerator.cancelling(7).batch(12)).isEqualTo(BodyGenerator.cancelling(7).batch(12));
        assertThat(BodyGenerator.cancelling(7).batch(12)).isNotEqualTo(new BodyGenerator(7).batch(12));
    }

    @Test
    void aTimeoutsChildBodyHoldsNoChildBodiesThatRunBesideIt() {
        int timeouts = 0;
        for (long seed = 0; seed < 200; seed++) {
            for (GeneratedBody b : BodyGenerator.cancelling(seed).batch(12)) timeouts += timeouts(b.statements(), false);
        }
        assertThat(timeouts).as("timeouts generated").isGreaterThan(100);
    }

    /** @return the timeouts in {@code block}, failing if one is inside a timeout's child */
    private static int timeouts(List<Stmt> block, boolean inTimeout) {
        int n = 0;
        for (Stmt s : block) {
            if (inTimeout) assertThat(s).isNotInstanceOfAny(Stmt.Timeout.class, Stmt.Race.class);
            if (s instanceof Stmt.Timeout) n++;
            boolean inner = inTimeout || s instanceof Stmt.Timeout;
            n += switch (s) {
                case Stmt.If i -> timeouts(i.then(), inner) + timeouts(i.otherwise(), inner);
                case Stmt.Loop l -> timeouts(l.body(), inner);
                case Stmt.Try t -> timeouts(t.body(), inner) + timeouts(t.handler(), inner) + timeouts(t.cleanup(), inner);
                case Stmt.Resource r -> timeouts(r.body(), inner);
                case Stmt.Scoped c -> timeouts(c.body(), inner);
                case Stmt.Switch w -> timeouts(w.first(), inner) + timeouts(w.second(), inner) + timeouts(w.rest(), inner);
                case Stmt.ManyLocals m -> timeouts(m.body(), inner);
                case Stmt.Child c -> timeouts(c.body(), inner);
                case Stmt.Timeout t -> timeouts(t.body(), inner);
                case Stmt.Race r -> timeouts(r.body(), inner);
                case Stmt.CatchCancel c -> timeouts(c.body(), inner) + timeouts(c.handler(), inner);
                default -> 0;
            };
        }
        return n;
    }
}
