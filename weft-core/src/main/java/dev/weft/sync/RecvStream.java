package dev.weft.sync;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/**
 * The stream of {@link Receiver#stream()}. Owner only; see {@link EventWait}. Its
 * {@link #nextOrNull()} future is made once and handed out for every message.
 */
final class RecvStream<T> extends EventWait implements AsyncStream<T> {
    private final ChannelCore<T> core;
    private boolean ended;
    private Future<T> nextOrNull;

    RecvStream(ChannelCore<T> core) {
        this.core = core;
    }

    @Override
    @SuppressWarnings("unchecked") // take() answers a T or one of the core's sentinel objects
    public Poll<T> pollNext(Context cx) {
        if (ended) return AsyncStream.end();
        while (true) {
            Object r = core.take(cx);
            if (r == ChannelCore.BUDGET) return budgetSpent();
            if (r == ChannelCore.CLOSED) {
                ended = true;
                stopWaiting(core.recvOps);
                return AsyncStream.end();
            }
            if (r != ChannelCore.NOT_NOW) {
                stopWaiting(core.recvOps);
                return Poll.ready((T) r);
            }
            if (!waitOn(core.recvOps, cx)) return Poll.pending();
        }
    }

    @Override
    public Future<T> nextOrNull() {
        Future<T> f = nextOrNull;
        if (f == null) nextOrNull = f = AsyncStream.super.nextOrNull();
        return f;
    }

    @Override
    public void cancel() {
        stopWaiting(core.recvOps);
    }

    @Override
    public String toString() {
        return "RecvStream";
    }
}
