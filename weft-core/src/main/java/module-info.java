/**
 * Weft: a small, fast, poll-based async runtime.
 *
 * <p>Exports only API packages to everyone; everything under {@code dev.weft.internal} is private,
 * except the internal packages the deterministic simulation (module {@code dev.weft.sim}, artifact
 * weft-sim) plugs itself into, which go to that module alone.
 */
// "module": dev.weft.sim, the target of the qualified exports below, is built after this module
// (it requires it), so javac cannot find it here and would warn on each of them.
@SuppressWarnings("module")
module dev.weft {
    requires java.management;
    requires jdk.jfr;

    exports dev.weft;
    exports dev.weft.future;
    exports dev.weft.exec;
    exports dev.weft.task;
    exports dev.weft.io;
    exports dev.weft.io.codec;
    exports dev.weft.time;
    exports dev.weft.coro;
    exports dev.weft.net;
    exports dev.weft.net.tls;
    exports dev.weft.sync;
    exports dev.weft.blocking;
    exports dev.weft.fs;
    exports dev.weft.scope;
    exports dev.weft.flow;

    // The simulation installs itself where a runtime would: as the current carrier, drivers and
    // budget (internal: Carrier, Drivers, Coop, Offload, Simulation), as the scheduler of the
    // production raw tasks (task.internal), as the clock and timers (time.internal), as the network
    // behind the socket API (net.internal), as an inline blocking pool (blocking.internal), and it
    // wakes and reports failures as tasks do (future.internal).
    exports dev.weft.internal to dev.weft.sim;
    exports dev.weft.future.internal to dev.weft.sim;
    exports dev.weft.task.internal to dev.weft.sim;
    exports dev.weft.time.internal to dev.weft.sim;
    exports dev.weft.net.internal to dev.weft.sim;
    exports dev.weft.blocking.internal to dev.weft.sim;
}
