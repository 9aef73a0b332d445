package dev.weft.coro;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test future completed by {@link #open(Object)} from any thread (a one-shot). Counts polls and
 * cancellations; {@link #cancel()} drops the registered waker.
 */
final class Gate<T> implements Future<T> {
    private T value;
    private RuntimeException failure;
    private boolean open;
    private volatile Waker waker; // volatile: hasWaiter() reads it without the lock
    final AtomicInteger polls = new AtomicInteger();
    final AtomicInteger cancels = new AtomicInteger();

    @Override
    public Poll<T> poll(Context cx) {
        polls.incrementAndGet();
        synchronized (this) {
            if (open) {
                if (failure != null) throw failure;
                return Poll.ready(value);
            }
            waker = cx.waker();
            return Poll.pending();
        }
    }

    void open(T v) {
        complete(v, null);
    }

    void fail(RuntimeException e) {
        complete(null, e);
    }

    private void complete(T v, RuntimeException e) {
        Waker w;
        synchronized (this) {
            value = v;
            failure = e;
            open = true;
            w = waker;
            waker = null;
        }
        if (w != null) w.wake();
    }

    /** Wakes the registered waker without opening the gate (a spurious wake). */
    void nudge() {
        Waker w = waker;
        if (w != null) w.wake();
    }

    /**
     * Whether a poll registered a waker that was not woken yet. Lock-free on purpose: a test
     * spinning on it must not contend for the monitor that a coroutine body polling this gate
     * takes (a contended monitor parks the body, an extra step).
     */
    boolean hasWaiter() {
        return waker != null;
    }

    @Override
    public synchronized void cancel() {
        cancels.incrementAndGet();
        waker = null;
    }
}
