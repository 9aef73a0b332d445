package dev.weft.examples.redis;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import dev.weft.scope.CancellationToken;

/**
 * The read of a connection with nothing in flight, which gives way to the server's shutdown: the
 * count read, or -1, as at the end of the stream, once the shutdown's token is cancelled before a
 * byte came. Made once per connection and aimed at each of its reads ({@link #of}), so a read
 * costs nothing more than the read itself. Woken by readability or by the token's cancellation.
 * Cancel-safe as the read is: cancelling it cancels the read.
 *
 * {@snippet :
 * try (IdleRead idle = new IdleRead(shutdown.token())) {
 *     int n = await(idle.of(stream.read(buffer))); // -1: the client left, or the server shuts down
 * }
 * }
 *
 * <p>State (owner: the connection's task): {@code read} is the read being awaited; {@code stop}
 * listens to the token from its first pending poll until {@link #close()}.
 */
final class IdleRead implements Future<Integer>, AutoCloseable {
    private final Future<Void> stop;
    private IoFuture<Integer> read;

    /** @param shutdown the server's shutdown token */
    IdleRead(CancellationToken shutdown) {
        this.stop = shutdown.cancelled();
    }

    /**
     * @param read the next read of the connection
     * @return this, now the future of that read
     */
    IdleRead of(IoFuture<Integer> read) {
        this.read = read;
        return this;
    }

    @Override
    public Poll<Integer> poll(Context cx) throws Exception {
        Poll<Integer> r = read.poll(cx);
        if (r.isReady() || stop.poll(cx).isPending()) return r;
        read.cancel();
        return Poll.ready(-1);
    }

    @Override
    public void cancel() {
        read.cancel();
    }

    /** Stops listening to the token (the connection ended). */
    @Override
    public void close() {
        stop.cancel();
    }
}
