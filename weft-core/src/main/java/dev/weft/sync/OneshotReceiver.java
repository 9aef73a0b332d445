package dev.weft.sync;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.internal.Coop;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The receiving half of a {@link Oneshot}, and the future of its one message.
 *
 * {@snippet :
 * Oneshot<Integer> o = Oneshot.create();
 * o.sender().send(7);
 * int seven = Weft.await(o.receiver());
 * }
 *
 * <p>What wakes it: the send, or the sender closing without sending. Fails with
 * {@link ChannelClosedException} if the sender closed without sending. Cancelling it (or
 * {@link #close()}) tells the sender nobody will receive; a message already sent is then dropped.
 *
 * <h2>State</h2>
 * <pre>
 * slot value         meaning                                   next states
 * EMPTY              nothing yet                               message, SENDER_GONE, RECEIVER_GONE
 * (the message)      sent, not yet taken                       TAKEN, RECEIVER_GONE
 * SENDER_GONE        sender closed without sending             (final)
 * RECEIVER_GONE      receiver cancelled or closed              (final)
 * TAKEN              a poll or tryRecv returned the message    (final)
 * </pre>
 * <pre>
 * transition                  from           to             by
 * offer (send)                EMPTY          the message    sender, CAS; then wakes the waker
 * senderGone (sender close)   EMPTY          SENDER_GONE    sender, CAS; then wakes the waker
 * poll, tryRecv               the message    TAKEN          receiver, volatile write (no CAS)
 * close, cancel               EMPTY          RECEIVER_GONE  receiver, CAS
 * close, cancel               the message    RECEIVER_GONE  receiver, volatile write after that
 *                                                           CAS failed: the message is dropped
 * close, cancel               any other      (unchanged)
 * </pre>
 * The sender only moves the slot away from EMPTY (CAS); the receiver CASes EMPTY to RECEIVER_GONE
 * and otherwise writes only after the slot left EMPTY, so the two never race on other states.
 * No lost wake: the receiver writes {@code waker} then re-reads {@code slot}; the sender CASes
 * {@code slot} then reads {@code waker}; both volatile, so one of them sees the other.
 *
 * @param <T> the message type
 */
public final class OneshotReceiver<T> implements Future<T> {
    static final Object EMPTY = new Object();
    static final Object SENDER_GONE = new Object();
    static final Object RECEIVER_GONE = new Object();
    static final Object TAKEN = new Object();

    private static final VarHandle SLOT;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(OneshotReceiver.class, "slot", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Object slot = EMPTY;
    private volatile Waker waker;

    OneshotReceiver() {}

    /**
     * Completes with the message.
     *
     * @param cx the context whose waker the send wakes
     * @return ready with the message, or pending
     * @throws ChannelClosedException if the sender closed without sending
     */
    @Override
    public Poll<T> poll(Context cx) {
        Object s = slot;
        if (s == EMPTY) {
            Waker w = cx.waker();
            Waker old = waker;
            if (old == null || !old.willWake(w)) waker = w;
            s = slot;
            if (s == EMPTY) return Poll.pending();
        }
        return complete(s, cx);
    }

    @SuppressWarnings("unchecked") // a slot that is none of the sentinels holds the T sent
    private Poll<T> complete(Object s, Context cx) {
        if (s == SENDER_GONE) throw new ChannelClosedException("oneshot sender closed without sending", null);
        if (s == TAKEN || s == RECEIVER_GONE) throw new IllegalStateException("oneshot receiver polled after it completed");
        if (!Coop.proceed(cx)) return Poll.pending();
        slot = TAKEN;
        waker = null;
        return Poll.ready((T) s);
    }

    /**
     * Takes the message if it is there.
     *
     * @return the message, or {@code null} if not sent yet
     * @throws ChannelClosedException if the sender closed without sending
     * @throws IllegalStateException if the message was taken already
     */
    @SuppressWarnings("unchecked") // a slot that is none of the sentinels holds the T sent
    public T tryRecv() {
        Object s = slot;
        if (s == EMPTY) return null;
        if (s == SENDER_GONE) throw new ChannelClosedException("oneshot sender closed without sending", null);
        if (s == TAKEN || s == RECEIVER_GONE) throw new IllegalStateException("oneshot message already taken");
        slot = TAKEN;
        return (T) s;
    }

    /** Gives up receiving: the sender's {@code send} will fail. Same as {@link #close()}. */
    @Override
    public void cancel() {
        close();
    }

    /** Gives up receiving: the sender's {@code send} will fail; a message already sent is dropped. */
    public void close() {
        waker = null;
        if (!SLOT.compareAndSet(this, EMPTY, RECEIVER_GONE) && slot != TAKEN && slot != SENDER_GONE) {
            slot = RECEIVER_GONE;
        }
    }

    /** @return whether the message was sent and not taken yet */
    public boolean isReady() {
        Object s = slot;
        return s != EMPTY && s != SENDER_GONE && s != RECEIVER_GONE && s != TAKEN;
    }

    /** Sender side: stores {@code message} or answers why not. */
    boolean offer(T message) {
        if (!SLOT.compareAndSet(this, EMPTY, message)) return false;
        Waker w = waker;
        if (w != null) Wakes.wake(w);
        return true;
    }

    /** Sender side: closes without sending. */
    void senderGone() {
        if (SLOT.compareAndSet(this, EMPTY, SENDER_GONE)) {
            Waker w = waker;
            if (w != null) Wakes.wake(w);
        }
    }

    /** @return whether the receiver is gone */
    boolean receiverGone() {
        return slot == RECEIVER_GONE;
    }

    @Override
    public String toString() {
        Object s = slot;
        return "OneshotReceiver[" + (s == EMPTY ? "empty" : s == SENDER_GONE ? "sender gone"
                : s == RECEIVER_GONE ? "closed" : s == TAKEN ? "taken" : "ready") + "]";
    }
}
