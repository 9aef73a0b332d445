package dev.weft.future;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.WeftRuntime;
import dev.weft.testkit.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The combinators driven by the work-stealing runtime, with children woken from other threads. */
@Timeout(30)
class CombinatorsOnRuntimeTest {
    private static WeftRuntime rt;

    @BeforeAll
    static void start() {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("combinators-test-").build();
    }

    @AfterAll
    static void stop() {
        rt.close();
    }

    @Test
    void joinAllRaceAndSelectComplete() throws Exception {
        for (int round = 0; round < 200; round++) {
            List<ProbeFuture<Integer>> ps = JoinTest.probes(16);
            List<ProbeFuture<Integer>> losers = JoinTest.probes(3);
            ProbeFuture<Integer> winner = new ProbeFuture<>("winner");
            List<Future<Integer>> racers = new ArrayList<>(losers);
            racers.add(winner);
            Future<Pair<List<Integer>, Selected<Integer>>> all =
                    Future.join(Future.joinAll(ps), Future.select(racers)).then(p -> Future.yieldNow().map(v -> p));
            Thread waker = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < ps.size(); i++) {
                    while (ps.get(i).polls() == 0) Thread.onSpinWait();
                    ps.get(i).complete(i);
                }
                while (winner.polls() == 0) Thread.onSpinWait();
                winner.complete(99);
            });
            Pair<List<Integer>, Selected<Integer>> out = rt.blockOn(rt.spawn(all));
            waker.join();
            assertThat(out.first()).containsExactlyElementsOf(IntStream.range(0, 16).boxed().toList());
            assertThat(out.second()).isEqualTo(new Selected<>(3, 99));
            for (ProbeFuture<Integer> l : losers) {
                assertThat(l.cancels()).isEqualTo(1);
                l.assertNoMisuse();
            }
            for (ProbeFuture<Integer> p : ps) p.assertNoMisuse();
            winner.assertNoMisuse();
        }
    }
}
