package dev.weft.net.internal.nio;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/**
 * The future of {@code readable()} / {@code writable()}: completes once the reactor reports the
 * direction ready after this future first waited.
 *
 * {@snippet :
 * await(new Readiness(source, Source.READ)); // now try the read again
 * }
 *
 * <h2>State</h2>
 * <pre>
 * waiting   meaning                                     next poll
 * false     not registered yet (or completed)           register, pending
 * true      registered under this future as owner       rewait: if the slot is gone, the event came:
 *                                                       ready; else (waker replaced) pending
 * </pre>
 * The readiness may be stale by the time the task runs (another task consumed the data): callers
 * retry their operation and wait again when it would block. Owner thread only (one poll at a time).
 */
public final class Readiness implements dev.weft.io.IoFuture<Void> {
    private final Source source;
    private final int dir;
    private boolean waiting;

    /**
     * @param source the channel's source
     * @param dir {@link Source#READ} or {@link Source#WRITE}
     */
    public Readiness(Source source, int dir) {
        this.source = source;
        this.dir = dir;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (waiting) {
            if (source.rewait(dir, this, cx.waker())) return Poll.pending();
            waiting = false;
            return Poll.ready(null);
        }
        if (!source.register(dir, this, cx.waker())) return Poll.ready(null); // closed: the retry fails
        waiting = true;
        return Poll.pending();
    }

    @Override
    public void cancel() {
        if (waiting) {
            waiting = false;
            source.deregister(dir, this);
        }
    }
}
