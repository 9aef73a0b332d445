package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.net.internal.nio.Source;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;

/**
 * The future of {@link Async#readWith(IoOp)} and {@link Async#writeWith(IoOp)}: run the operation;
 * if it would block, wait in the reactor for the direction and run it again (async-io's
 * {@code Async::read_with}).
 *
 * <p>State (owner thread only, one poll at a time): {@code waiting} says this future holds a slot in
 * the source's waiters of {@code dir}. Every exit that completes the future (result or exception)
 * and {@link #cancel()} give the slot back, so a finished future leaves no waker behind.
 */
final class IoWith<T extends SelectableChannel, R> implements IoFuture<R> {
    private final T channel;
    private final Source source;
    private final int dir;
    private final IoOp<? super T, ? extends R> op;
    private boolean waiting;

    IoWith(T channel, Source source, int dir, IoOp<? super T, ? extends R> op) {
        this.channel = channel;
        this.source = source;
        this.dir = dir;
        this.op = op;
    }

    @Override
    public Poll<R> poll(Context cx) throws IOException {
        if (Coop.remaining() == 0) {
            Coop.proceed(cx); // spent: this wakes the task, which yields its worker
            return Poll.pending();
        }
        R r;
        try {
            r = op.run(channel);
            if (r == null) {
                if (source.register(dir, this, cx.waker())) {
                    waiting = true;
                    return Poll.pending();
                }
                r = op.run(channel); // the source was closed: the channel normally reports it
                if (r == null) throw new ClosedChannelException();
            }
        } catch (IOException | RuntimeException e) {
            cancel();
            throw e;
        }
        cancel();
        Coop.proceed(cx);
        return Poll.ready(r);
    }

    @Override
    public void cancel() {
        if (waiting) {
            waiting = false;
            source.deregister(dir, this);
        }
    }
}
