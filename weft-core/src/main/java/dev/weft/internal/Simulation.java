package dev.weft.internal;

/**
 * The mark of a deterministic simulation among a runtime's drivers: code that would step outside
 * it (open a real socket, start a real runtime's threads, block the simulation's only thread) asks
 * here first and is refused. The refusal is recorded by the simulation itself, so the run fails
 * even if the caller catches the exception.
 *
 * {@snippet :
 * Simulation.refuseIfSimulated("a real socket");   // throws inside a simulation, else nothing
 * }
 */
public interface Simulation {
    /** Where a simulation's drivers keep this mark. */
    Drivers.Key<Simulation> KEY = Drivers.key(Simulation.class);

    /**
     * Records that the current code tried {@code what}, which a simulation cannot allow.
     *
     * @param what what was tried, in words a user recognises
     * @return the exception to throw at the caller
     */
    RuntimeException refuse(String what);

    /**
     * Throws the simulation's refusal of {@code what} if the current code runs in one.
     *
     * @param what what the caller is about to do
     */
    static void refuseIfSimulated(String what) {
        Simulation s = Drivers.currentOrNull(KEY);
        if (s != null) throw s.refuse(what);
    }
}
