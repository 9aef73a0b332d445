package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/** The future of {@link Sender#send(Object)}. Owner only; see {@link EventWait}. */
final class Send<T> extends EventWait implements Future<Void> {
    /** The one ready answer of every send: immutable, so shared. */
    private static final Poll<Void> SENT = Poll.ready(null);

    private final ChannelCore<T> core;
    private T message;

    Send(ChannelCore<T> core, T message) {
        this.core = core;
        this.message = message;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        T m = message;
        if (m == null) throw new IllegalStateException("send polled after it completed");
        while (true) {
            Object r = core.offer(m, cx);
            if (r == ChannelCore.SENT) {
                message = null;
                stopWaiting(core.sendOps);
                return SENT;
            }
            if (r == ChannelCore.BUDGET) return budgetSpent();
            if (r == ChannelCore.CLOSED) {
                message = null;
                stopWaiting(core.sendOps);
                throw ChannelClosedException.onSend(m);
            }
            if (!waitOn(core.sendOps, cx)) return Poll.pending();
        }
    }

    @Override
    public void cancel() {
        message = null;
        stopWaiting(core.sendOps);
    }

    @Override
    public String toString() {
        return "Send[" + (message == null ? "done" : message) + "]";
    }
}
