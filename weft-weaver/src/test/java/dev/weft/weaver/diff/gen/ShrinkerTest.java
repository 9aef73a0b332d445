package dev.weft.weaver.diff.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shrinker keeps the failure and drops everything else; the generator is deterministic per seed. */
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
        GeneratedBody body = new GeneratedBody(List.of(locals), GeneratedBody.Site.SWITCH, 0b1010);
        GeneratedBody small = Shrinker.shrink(body, b -> b.toString().contains("throw new"));
        assertThat(small).isEqualTo(new GeneratedBody(List.of(THROW)));
    }

    @Test
    void aBodyThatStopsFailingWhenSmallerIsKeptWhole() {
        GeneratedBody body = new GeneratedBody(List.of(THROW, THROW));
        assertThat(Shrinker.shrink(body, b -> b.statements().size() == 2)).isEqualTo(body);
    }

    @Test
    void theSameSeedGivesTheSameBodiesAndAnotherSeedOthers() {
        assertThat(new BodyGenerator(7).batch(12)).isEqualTo(new BodyGenerator(7).batch(12));
        assertThat(new BodyGenerator(7).batch(12)).isNotEqualTo(new BodyGenerator(8).batch(12));
    }
}
