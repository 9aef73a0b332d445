/**
 * Weft: a small, fast, poll-based async runtime.
 *
 * <p>Exports only API packages; everything under {@code dev.weft.internal} is private.
 */
module dev.weft {
    requires java.management;
    requires jdk.jfr;

    exports dev.weft;
    exports dev.weft.future;
    exports dev.weft.exec;
    exports dev.weft.task;
    exports dev.weft.io;
    exports dev.weft.time;
    exports dev.weft.coro;
    exports dev.weft.net;
    exports dev.weft.sync;
    exports dev.weft.blocking;
    exports dev.weft.fs;
    exports dev.weft.scope;
    exports dev.weft.flow;
    exports dev.weft.sim;
}
