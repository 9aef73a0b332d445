package dev.weft.net.internal.epoll;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;

/**
 * The future of a native socket's {@code readable()} / {@code writable()}: ready once the
 * direction may be ready (the poller reported it since a call last found it drained) or the
 * socket is closed. A hint, as Tokio's {@code readable()}: the call that follows may still find
 * nothing and must then wait again.
 *
 * {@snippet :
 * await(stream.readable()); // then try a read
 * }
 *
 * <p>Owner thread only; cancelling drops the registration.
 */
final class EpollReadiness implements IoFuture<Void> {
    private final EpollSource src;
    private final int dir;

    EpollReadiness(EpollSource src, int dir) {
        this.src = src;
        this.dir = dir;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (src.isReady(dir) || !src.register(dir, this, cx.waker())) {
            src.deregister(dir, this);
            return Poll.ready(null);
        }
        return Poll.pending();
    }

    @Override
    public void cancel() {
        src.deregister(dir, this);
    }
}
