package dev.weft.flow;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * 0, 1, 2, ... {@code count - 1}, pending (after waking its waker) before every 7th element, so
 * both the ready and the pending path of a consumer are taken. Counts its cancels.
 */
final class CountingStream implements AsyncStream<Long> {
    private final long count;
    private long next;
    private boolean paused;
    final AtomicInteger cancels = new AtomicInteger();

    CountingStream(long count) {
        this.count = count;
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (next == count) return AsyncStream.end();
        if (next % 7 == 6 && !paused) {
            paused = true;
            cx.waker().wake();
            return Poll.pending();
        }
        paused = false;
        return Poll.ready(next++);
    }

    @Override
    public void cancel() {
        cancels.incrementAndGet();
    }

    @Override
    public String toString() {
        return "CountingStream[" + next + "/" + count + "]";
    }
}
