package dev.weft.exec.internal;

import java.lang.invoke.VarHandle;

/**
 * The full fence of the executor's notify protocol, named so that its two uses can be found: a
 * publisher of work fences between its push and its read of the idle state ({@code Idle}'s
 * {@code workerToNotify}), and the last searcher to park fences between its update of the idle
 * state and its re-check of the queues ({@link Scheduler#notifyIfWorkPending()}). With both, one of
 * the two sees the other. Nothing else in the executor calls {@code VarHandle.fullFence()}.
 */
final class VarHandleFence {
    private VarHandleFence() {}

    /** A full (StoreLoad) fence: orders a queue push before a read of the idle state, and back. */
    static void full() {
        VarHandle.fullFence();
    }
}
