package dev.weft.net;

import dev.weft.future.Context;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import dev.weft.future.Poll;

/**
 * Wraps a stream helper future (built on a stream's poll methods) so that cancelling it also
 * drops the stream's read or write slot in the reactor: a cancelled read or write leaves nothing
 * registered. Owner thread only.
 */
final class Deregistering<T> implements IoFuture<T> {
    private final IoFuture<T> inner;
    private final StreamEndpoint io;
    private final int dir;

    Deregistering(IoFuture<T> inner, StreamEndpoint io, int dir) {
        this.inner = inner;
        this.io = io;
        this.dir = dir;
    }

    @Override
    public Poll<T> poll(Context cx) throws IOException {
        return inner.poll(cx);
    }

    @Override
    public void cancel() {
        inner.cancel();
        io.deregister(dir);
    }
}
