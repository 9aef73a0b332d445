package dev.weft.net.internal.nio;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;

/**
 * The {@link dev.weft.io.AsyncRead}/{@link dev.weft.io.AsyncWrite} poll methods of a connected
 * stream socket (TCP or Unix-domain), shared by {@code TcpStream} and {@code UnixStream}: NIO's
 * {@link StreamEndpoint}, over a non-blocking {@link SocketChannel} registered with a
 * {@link Reactor} (its {@link Source}).
 *
 * <p>The read side registers under the key {@code reader}, the write side under {@code writer}
 * (one slot each: one task reads and one task writes at a time, as with any stream). A slot left
 * by an abandoned poll is replaced by the next poll, emptied by the next readiness event, or
 * dropped by {@link #deregister(int)}, which the stream's own futures call when cancelled.
 * No allocation per poll.
 *
 * <h2>Readiness cache (per side)</h2>
 * A stream socket's read that returns fewer bytes than asked for has emptied the receive buffer
 * (and a short write has filled the send buffer), so the next operation would most likely find
 * nothing and cost a system call that returns 0 (Tokio's {@code PollEvented} clears readiness on
 * a short read for the same reason). Each side therefore remembers what it learnt:
 * <pre>
 * state      meaning                                    next poll
 * UNKNOWN    may be ready                               try the operation; 0: register, WAITING;
 *                                                       short: DRAINED; full: stay
 * DRAINED    the last operation was short               register at once (no system call), WAITING
 * WAITING    our slot is registered in the source       rewait: slot still there: pending; gone
 *                                                       (event or close): UNKNOWN, try again
 * </pre>
 * A wrong DRAINED (bytes arrived right after the short read) cannot lose a wake-up: registering
 * arms the direction and the level-triggered selector reports the bytes at its next select (see
 * Source, "why no wake-up is lost"); it costs one select round. Fields: {@code reader.state} is
 * touched only by the read side's poll (one at a time), {@code writer.state} only by the write
 * side's.
 */
public final class NioStream extends NioEndpoint<SocketChannel> implements StreamEndpoint {
    private static final int UNKNOWN = 0;
    private static final int DRAINED = 1;
    private static final int WAITING = 2;
    /** What {@link #transfer} answers for pending. */
    private static final long PENDING = Long.MIN_VALUE;

    private final Side reader = new Side(Source.READ);
    private final Side writer = new Side(Source.WRITE);

    /** One direction: its readiness cache; the object is also its slot's key in the source. */
    private static final class Side {
        final int dir;
        int state = UNKNOWN;

        Side(int dir) {
            this.dir = dir;
        }
    }

    /**
     * @param ch a connected channel
     * @param source its registration with the reactor
     */
    public NioStream(SocketChannel ch, Source source) {
        super(ch, source);
    }

    /** @return the channel under this stream */
    public SocketChannel channel() {
        return ch;
    }

    /** @return the channel's registration with the reactor */
    public Source source() {
        return source;
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        return poll(reader, cx, dst);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        return poll(writer, cx, src);
    }

    /** A gathering write: {@code SocketChannel.write(ByteBuffer[])}, by the write side's state table. */
    @Override
    public Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        long want = 0;
        for (ByteBuffer b : srcs) want += b.remaining();
        if (want == 0) return Poll.ready(0L);
        long n = transfer(writer, cx, want, null, srcs);
        return n == PENDING ? Poll.pending() : Poll.ready(n);
    }

    /** One read or write poll of {@code side}, by the state table above. */
    private Poll<Integer> poll(Side side, Context cx, ByteBuffer buf) throws IOException {
        int want = buf.remaining();
        if (want == 0) return Poll.ready(0);
        long n = transfer(side, cx, want, buf, null);
        return n == PENDING ? Poll.pending() : Poll.ready((int) n);
    }

    /**
     * The state table's step for one poll: the call moves {@code buf} (read or write by the side)
     * or, for a gathering write, {@code srcs}.
     *
     * @return the count moved ({@code -1}: end of stream), or {@link #PENDING}
     */
    private long transfer(Side side, Context cx, long want, ByteBuffer buf, ByteBuffer[] srcs) throws IOException {
        if (Coop.remaining() == 0) {
            Coop.proceed(cx); // spent: wakes the task so that it yields its worker
            return PENDING;
        }
        if (side.state == WAITING) {
            if (source.rewait(side.dir, side, cx.waker())) return PENDING;
            side.state = UNKNOWN;
        }
        if (side.state == UNKNOWN) {
            long n = srcs != null ? ch.write(srcs) : side.dir == Source.READ ? ch.read(buf) : ch.write(buf);
            if (n != 0) {
                if (n < want) side.state = DRAINED;
                Coop.proceed(cx);
                return n;
            }
        }
        if (!source.register(side.dir, side, cx.waker())) {
            side.state = UNKNOWN;
            throw new ClosedChannelException();
        }
        side.state = WAITING;
        return PENDING;
    }

    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        ch.shutdownOutput();
        return Poll.ready(null);
    }

    @Override
    public void shutdownOutput() throws IOException {
        ch.shutdownOutput();
    }

    @Override
    public IoFuture<Void> readable() {
        return new Readiness(source, Source.READ);
    }

    @Override
    public IoFuture<Void> writable() {
        return new Readiness(source, Source.WRITE);
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        return ch.getLocalAddress();
    }

    @Override
    public SocketAddress remoteAddress() throws IOException {
        return ch.getRemoteAddress();
    }

    @Override
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return ch.getOption(name);
    }

    @Override
    public <T> void setOption(SocketOption<T> name, T value) throws IOException {
        ch.setOption(name, value);
    }

    /** Drops the slot of the read ({@link Source#READ}) or write side; for cancelled futures. */
    @Override
    public void deregister(int dir) {
        source.deregister(dir, dir == Source.READ ? reader : writer);
    }
}
