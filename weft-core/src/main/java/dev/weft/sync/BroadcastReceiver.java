package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;

/**
 * A receiving half of a {@link Broadcast}: its own position in the stream of messages. Make more
 * with {@link BroadcastSender#subscribe()}. One task uses a receiver at a time.
 *
 * {@snippet :
 * BroadcastReceiver<String> rx = b.sender().subscribe();
 * String next = Weft.await(rx.recv());
 * }
 *
 * <p>Fields: {@code next} (its position) is guarded by the core's lock.
 *
 * @param <T> the message type
 */
public final class BroadcastReceiver<T> implements AutoCloseable {
    private static final Object EMPTY = new Object();

    private final BroadcastCore<T> core;
    private long next;
    private boolean released;

    BroadcastReceiver(BroadcastCore<T> core, long next) {
        this.core = core;
        this.next = next;
    }

    /**
     * Receives the next message.
     *
     * <p>Wakes when a message is sent or the channel closes. Fails with {@link LaggedException}
     * if messages were overwritten before this receiver saw them (it then continues with the
     * oldest one held), and with {@link ChannelClosedException} once closed and caught up.
     * Cancel-safe: the position moves only in the poll that completes.
     *
     * @return a future of the message
     */
    public Future<T> recv() {
        return new Wait();
    }

    /**
     * Takes the next message if there is one now.
     *
     * @return the message, or {@code null} if caught up
     * @throws LaggedException if messages were missed
     * @throws ChannelClosedException if closed and caught up
     */
    @SuppressWarnings("unchecked") // take() answers a T or EMPTY
    public T tryRecv() {
        Object r = take(null);
        return r == EMPTY ? null : (T) r;
    }

    /** @return how many messages are held that this receiver has not seen (a snapshot) */
    public long pending() {
        synchronized (core) {
            return core.tail - Math.max(next, core.head());
        }
    }

    /** Unsubscribes (idempotent): later sends no longer count this receiver. */
    @Override
    public void close() {
        synchronized (core) {
            if (released) return;
            released = true;
            core.receivers--;
        }
    }

    private Object take(Context cx) {
        synchronized (core) {
            long head = core.head();
            if (next < head) {
                long missed = head - next;
                next = head;
                throw new LaggedException(missed);
            }
            if (next < core.tail) {
                if (cx != null && !Coop.proceed(cx)) return null;
                Object m = core.ring[(int) (next % core.ring.length)];
                next++;
                return m;
            }
            if (core.closed) throw ChannelClosedException.onRecv();
            return EMPTY;
        }
    }

    /** The future of {@link #recv()}. Owner only. */
    private final class Wait extends EventWait implements Future<T> {
        @Override
        @SuppressWarnings("unchecked") // take() answers a T, EMPTY, or null (budget spent)
        public Poll<T> poll(Context cx) {
            while (true) {
                Object r;
                try {
                    r = take(cx);
                } catch (RuntimeException e) {
                    stopWaiting(core.sent);
                    throw e;
                }
                if (r == null) return budgetSpent();
                if (r != EMPTY) {
                    stopWaiting(core.sent);
                    return Poll.ready((T) r);
                }
                if (!waitOn(core.sent, cx)) return Poll.pending();
            }
        }

        @Override
        public void cancel() {
            stopWaiting(core.sent);
        }
    }

    @Override
    public String toString() {
        return "BroadcastReceiver[pending=" + pending() + "]";
    }
}
