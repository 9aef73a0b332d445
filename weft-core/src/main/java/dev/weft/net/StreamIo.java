package dev.weft.net;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.net.internal.Source;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;

/**
 * The {@link dev.weft.io.AsyncRead}/{@link dev.weft.io.AsyncWrite} poll methods of a connected
 * stream socket (TCP or Unix-domain), shared by {@link TcpStream} and {@link UnixStream}.
 *
 * <p>The read side registers under the key {@code reader}, the write side under {@code writer}
 * (one slot each: one task reads and one task writes at a time, as with any stream). A slot left
 * by an abandoned poll is replaced by the next poll, emptied by the next readiness event, or
 * dropped by {@link #deregister(int)}, which the stream's own futures call when cancelled.
 * No allocation per poll.
 */
final class StreamIo {
    private final Async<SocketChannel> io;
    private final SocketChannel ch;
    private final Source source;
    private final Object reader = new Object();
    private final Object writer = new Object();

    StreamIo(Async<SocketChannel> io) {
        this.io = io;
        this.ch = io.get();
        this.source = io.source();
    }

    Async<SocketChannel> io() {
        return io;
    }

    Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) return Poll.ready(0);
        if (Coop.remaining() == 0) {
            Coop.proceed(cx); // spent: wakes the task so that it yields its worker
            return Poll.pending();
        }
        int n = ch.read(dst);
        if (n != 0) {
            Coop.proceed(cx);
            return Poll.ready(n);
        }
        if (!source.register(Source.READ, reader, cx.waker())) throw new ClosedChannelException();
        return Poll.pending();
    }

    Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        if (!src.hasRemaining()) return Poll.ready(0);
        if (Coop.remaining() == 0) {
            Coop.proceed(cx);
            return Poll.pending();
        }
        int n = ch.write(src);
        if (n != 0) {
            Coop.proceed(cx);
            return Poll.ready(n);
        }
        if (!source.register(Source.WRITE, writer, cx.waker())) throw new ClosedChannelException();
        return Poll.pending();
    }

    Poll<Void> pollShutdown() throws IOException {
        ch.shutdownOutput();
        return Poll.ready(null);
    }

    /** Drops the slot of the read ({@link Source#READ}) or write side; for cancelled futures. */
    void deregister(int dir) {
        source.deregister(dir, dir == Source.READ ? reader : writer);
    }

    /** @return how many tasks wait on this stream (for tests and diagnostics) */
    int waiterCount() {
        return source.waiterCount();
    }
}
