package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.internal.Coop;
import java.util.function.Supplier;

/**
 * The future of an acquire of {@code n} permits of a {@link Semaphore}; its output is made by
 * {@code grant} once the permits are held (a lock guard, or nothing).
 *
 * <h2>State</h2>
 * <pre>
 * state      meaning                                      next
 * INIT       not polled yet, holds nothing                DONE (fast path), QUEUED, CANCELLED
 * QUEUED     in the queue, holds {@code assigned} &lt; n     GRANTED (by a release), CANCELLED
 * GRANTED    left the queue holding all n, not yet polled DONE, CANCELLED (releases all n)
 * DONE       the poll returned the grant                  (final; the owner releases)
 * CANCELLED  cancel() ran                                 (final)
 * </pre>
 * Every field except the final ones is guarded by the semaphore's lock.
 */
final class Acquire<G> implements Future<G> {
    static final int INIT = 0;
    static final int QUEUED = 1;
    static final int GRANTED = 2;
    static final int DONE = 3;
    static final int CANCELLED = 4;

    private final Semaphore sem;
    final int n;
    private final Supplier<G> grant;
    int assigned;
    int state;
    Waker waker;
    Acquire<?> prev;
    Acquire<?> next;

    Acquire(Semaphore sem, int n, Supplier<G> grant) {
        this.sem = sem;
        this.n = n;
        this.grant = grant;
    }

    @Override
    public Poll<G> poll(Context cx) {
        synchronized (sem.lock) {
            switch (state) {
                case INIT -> {
                    if (sem.head == null && sem.permits >= n) {
                        if (!Coop.proceed(cx)) return Poll.pending();
                        sem.permits -= n;
                        state = DONE;
                    } else {
                        if (sem.head == null) {
                            assigned = sem.permits;
                            sem.permits = 0;
                        }
                        sem.enqueue(this);
                        state = QUEUED;
                        waker = cx.waker();
                        return Poll.pending();
                    }
                }
                case QUEUED -> {
                    Waker w = cx.waker();
                    if (waker == null || !waker.willWake(w)) waker = w;
                    return Poll.pending();
                }
                case GRANTED -> {
                    if (!Coop.proceed(cx)) return Poll.pending();
                    state = DONE;
                }
                default -> throw new IllegalStateException("acquire polled after it completed or was cancelled");
            }
        }
        return Poll.ready(grant.get());
    }

    @Override
    public void cancel() {
        WakeBatch wakes = new WakeBatch();
        synchronized (sem.lock) {
            switch (state) {
                case QUEUED -> {
                    sem.unlink(this);
                    sem.releaseLocked(assigned, wakes);
                }
                case GRANTED -> sem.releaseLocked(n, wakes);
                default -> {}
            }
            state = CANCELLED;
            waker = null;
        }
        wakes.wakeAll();
    }

    @Override
    public String toString() {
        return "Acquire[" + n + "]";
    }
}
