package dev.weft.net.internal.epoll;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.io.IOException;

/**
 * A future that runs one non-blocking call on a native socket until it does not block: the
 * readiness loop of {@link EpollSource} around a {@link Call}, for the operations that are not a
 * stream's reads and writes (datagram sends and receives).
 *
 * {@snippet :
 * IoFuture<Integer> f = new EpollOp<>(src, EpollSource.WRITE, fd -> sendOnce(fd)); // null: EAGAIN
 * }
 *
 * <p>Owner thread only. Cancelling drops the registration; the call has then either run whole or
 * not at all (a datagram is sent or received at most once, by the poll that returns it).
 *
 * @param <R> the result
 */
final class EpollOp<R> implements IoFuture<R> {
    /** One non-blocking call. */
    @FunctionalInterface
    interface Call<R> {
        /**
         * @param fd the socket's descriptor, in use until the call returns
         * @return the result, or {@code null} if the call found nothing ({@code EAGAIN})
         * @throws IOException if it failed
         */
        R call(int fd) throws IOException;
    }

    private final EpollSource src;
    private final int dir;
    private final Call<R> call;

    EpollOp(EpollSource src, int dir, Call<R> call) {
        this.src = src;
        this.dir = dir;
        this.call = call;
    }

    @Override
    public Poll<R> poll(Context cx) throws IOException {
        while (true) {
            long w = src.readyOrWait(dir, this, cx.waker());
            if (w < 0) return Poll.pending();
            R r;
            int fd = src.acquire();
            try {
                r = call.call(fd);
            } finally {
                src.release();
            }
            if (r != null) {
                src.deregister(dir, this);
                return Poll.ready(r);
            }
            if (src.awaitAfter(dir, w, this, cx.waker())) return Poll.pending();
        }
    }

    @Override
    public void cancel() {
        src.deregister(dir, this);
    }
}
