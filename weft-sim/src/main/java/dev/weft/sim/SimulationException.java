package dev.weft.sim;

/**
 * A simulation that could not go on: it stepped outside the simulation (a real socket, a real
 * runtime, a blocking call), ran past its limits, a task nobody awaits failed, or the same seed
 * gave two different runs. The message names the seed, so the run can be replayed.
 *
 * {@snippet :
 * try {
 *     sim.run(myService.scenario());
 * } catch (SimulationException e) {
 *     System.err.println("replay with -Dweft.sim.seed=" + e.seed());
 * }
 * }
 */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The seed of the run that failed. */
    private final long seed;

    /**
     * @param seed the seed of the run
     * @param message what went wrong
     * @param cause the failure behind it, or {@code null}
     */
    public SimulationException(long seed, String message, Throwable cause) {
        super(message + " (seed " + seed + ")", cause);
        this.seed = seed;
    }

    /** @return the seed of the run that failed */
    public long seed() {
        return seed;
    }
}
