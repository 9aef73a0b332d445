package dev.weft.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulation has no blocked-worker detection: its one thread runs every poll in virtual time,
 * so a poll that takes real time holds no worker from other tasks, and a report there would differ
 * from one run of a seed to the next (a blocking call there is refused by the simulation's own
 * watchdog instead). While a poll spins for 300 ms of real time, no watcher thread runs in the
 * JVM, so nothing can report it.
 */
class SimBlockedWorkerTest {

    @Test
    void aLongPollInTheSimulationHasNoWatcher() {
        try (SimRuntime sim = SimRuntime.builder(7).build()) {
            List<String> watchers = sim.run(Future.pollFn(cx -> {
                long end = System.nanoTime() + 300_000_000L;
                while (System.nanoTime() < end) Thread.onSpinWait(); // a blocking sleep the watchdog refuses
                return Poll.ready(Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                        .filter(n -> n.endsWith("watch")).toList());
            }));
            assertThat(watchers).isEmpty();
        }
    }
}
