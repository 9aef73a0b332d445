package dev.weft.exec.internal;

import java.lang.invoke.VarHandle;

/** The one full fence of the executor's notify protocol, named so its uses can be found. */
final class VarHandleFence {
    private VarHandleFence() {}

    /** A full (StoreLoad) fence: orders a queue push before a read of the idle state, and back. */
    static void full() {
        VarHandle.fullFence();
    }
}
