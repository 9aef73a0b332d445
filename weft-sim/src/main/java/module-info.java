/**
 * Weft's deterministic simulation: {@code dev.weft.sim.SimRuntime} runs weft-core's own tasks,
 * timers, channels and sockets on one thread in virtual time.
 *
 * <p>A module of its own so that production code does not ship it. It installs itself in weft-core's
 * internals (its scheduler, clock, timers, blocking pool and network), which {@code dev.weft}
 * exports to this module alone.
 */
module dev.weft.sim {
    // transitive: SimRuntime and SimHost take and return weft-core's Future and Task.
    requires transitive dev.weft;

    exports dev.weft.sim;
}
