package dev.weft.bench.workload;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;

/**
 * A one-shot completion signal for the Weft side of the workloads: {@link #fire()} from any task or
 * thread, await it as a future. (The sync layer's oneshot will replace it.)
 *
 * <p>Fields: {@code done} and {@code waker} are volatile; the awaiter stores its waker, then re-reads
 * {@code done}; {@code fire} sets {@code done}, then reads the waker: one of them sees the other.
 */
final class Signal implements Future<Void> {
    private volatile boolean done;
    private volatile Waker waker;

    void fire() {
        done = true;
        Waker w = waker;
        if (w != null) w.wake();
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (done) return Poll.ready(null);
        waker = cx.waker();
        return done ? Poll.ready(null) : Poll.pending();
    }
}
