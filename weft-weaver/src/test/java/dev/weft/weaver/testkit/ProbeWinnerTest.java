package dev.weft.weaver.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import org.junit.jupiter.api.Test;

/**
 * A race's winner waits for its own loser: a park of its lane after it was made. With a mark per
 * lane instead, a race in a loop found the lane parked by an earlier iteration's loser and won
 * after its few polls whatever its loser was doing, which made the race depend on when another
 * thread completed the loser's remote future (a generated program differed between modes so).
 */
class ProbeWinnerTest {

    @Test
    void aWinnerMadeAfterItsLaneParkedWaitsForTheNextPark() throws Exception {
        Probe p = new Probe();
        Context cx = Context.noop();
        Future<String> first = p.winner(1, "first", 1);
        assertThat(first.poll(cx).isPending()).isTrue();
        assertThat(p.lane(1).<Boolean>parked().poll(cx).isPending()).isTrue(); // the first iteration's loser parks
        assertThat(first.poll(cx).isPending()).isTrue(); // one poll after the park
        assertThat(first.poll(cx).value()).isEqualTo("first");

        Future<String> second = p.winner(1, "second", 1); // the next iteration's race
        for (int i = 0; i < 5; i++) assertThat(second.poll(cx).isPending()).as("before its own loser parked").isTrue();
        assertThat(p.lane(1).<Boolean>parked().poll(cx).isPending()).isTrue();
        assertThat(second.poll(cx).isPending()).isTrue();
        assertThat(second.poll(cx).value()).isEqualTo("second");
    }
}
