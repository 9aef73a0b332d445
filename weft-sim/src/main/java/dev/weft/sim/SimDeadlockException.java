package dev.weft.sim;

/**
 * The root future of a simulation waits and nothing can ever wake it: no task is ready, no timer
 * is set and no network event is in flight. A real runtime would hang; the simulation says so at
 * once and lists the tasks that wait.
 *
 * {@snippet :
 * assertThrows(SimDeadlockException.class, () -> sim.run(Future.pending()));
 * }
 */
public final class SimDeadlockException extends SimulationException {
    private static final long serialVersionUID = 1L;

    /**
     * @param seed the seed of the run
     * @param message the waiting tasks
     */
    public SimDeadlockException(long seed, String message) {
        super(seed, message, null);
    }
}
