package dev.weft.sim;

import dev.weft.future.internal.FailureSink;
import dev.weft.future.Future;
import dev.weft.internal.Drivers;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.Spawner;

/**
 * The one thread a simulation runs on, for one {@code run} (or {@code close}): code on it finds
 * the simulation's drivers (virtual timers, the simulated network, the inline blocking pool) as
 * code on a runtime's worker finds that runtime's, and {@code Task.spawn} spawns into the
 * simulation.
 *
 * {@snippet :
 * new SimThread(sim, () -> sim.scheduler().loop(main)).start();
 * }
 */
final class SimThread extends Thread implements Drivers.Owner, Spawner, FailureSink {
    private final SimRuntime sim;

    SimThread(SimRuntime sim, Runnable body) {
        super(body, "weft-sim-" + sim.seed());
        this.sim = sim;
        setDaemon(true);
    }

    SimRuntime sim() {
        return sim;
    }

    @Override
    public Drivers drivers() {
        return sim.drivers();
    }

    /** A failure nobody can take (an unwinding body's, a throwing waker's): the simulation's hook. */
    @Override
    public void reportFailure(Throwable failure) {
        sim.uncaught(failure);
    }

    @Override
    public <T> RawTask<T> spawnHere(Future<T> future) {
        return sim.scheduler().spawn(future, sim.scheduler().currentHost());
    }
}
