package dev.weft.sim;

import dev.weft.internal.Drivers;

/**
 * The simulated network of a {@link SimRuntime} (a placeholder until the network lands: it adds
 * nothing to the simulation's drivers, so sockets in a simulation are refused).
 */
public final class SimNet {
    SimNet(SimRuntime sim) {}

    /** @param drivers the simulation's drivers, to which the network adds its provider */
    void register(Drivers.Builder drivers) {}
}
