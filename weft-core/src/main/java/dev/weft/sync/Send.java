package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/**
 * The future of {@link Sender#send(Object)}. Owner only. Unlike the receive futures it is not
 * itself an event node: most sends complete at their first poll, so the node ({@link Waiter}) is
 * made only when a send finds the channel full, and then reused by that send's later waits.
 */
final class Send<T> implements Future<Void> {
    /** The node of a send that waits for room; see {@link EventWait}. */
    private static final class Waiter extends EventWait {}

    private final ChannelCore<T> core;
    private T message;
    private Waiter waiter;

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
                stopWaiting();
                return Poll.ready(null); // the one shared ready answer of null: allocates nothing
            }
            if (r == ChannelCore.BUDGET) return Poll.pending();
            if (r == ChannelCore.CLOSED) {
                message = null;
                stopWaiting();
                throw ChannelClosedException.onSend(m);
            }
            Waiter w = waiter;
            if (w == null) waiter = w = new Waiter();
            if (!w.waitOn(core.sendOps, cx)) return Poll.pending();
        }
    }

    private void stopWaiting() {
        Waiter w = waiter;
        if (w != null) w.stopWaiting(core.sendOps);
    }

    @Override
    public void cancel() {
        message = null;
        stopWaiting();
    }

    @Override
    public String toString() {
        return "Send[" + (message == null ? "done" : message) + "]";
    }
}
