package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/** The future of {@link Receiver#recv()}. Owner only; see {@link EventWait}. */
final class Recv<T> extends EventWait implements Future<T> {
    private final ChannelCore<T> core;

    Recv(ChannelCore<T> core) {
        this.core = core;
    }

    @Override
    @SuppressWarnings("unchecked") // take() answers a T or one of the core's sentinel objects
    public Poll<T> poll(Context cx) {
        while (true) {
            Object r = core.take(cx);
            if (r == ChannelCore.BUDGET) return budgetSpent();
            if (r == ChannelCore.CLOSED) {
                stopWaiting(core.recvOps);
                throw ChannelClosedException.onRecv();
            }
            if (r != ChannelCore.NOT_NOW) {
                stopWaitingDone(core.recvOps);
                return Poll.ready((T) r);
            }
            if (!waitOn(core.recvOps, cx)) return Poll.pending();
        }
    }

    @Override
    public void cancel() {
        stopWaiting(core.recvOps);
    }

    @Override
    public String toString() {
        return "Recv";
    }
}
