package dev.weft.sync;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What both kinds of channel handle ({@link Sender}, {@link Receiver}) share: the channel they
 * belong to, closing the handle once, and closing or inspecting the channel.
 *
 * <p>Fields: {@code core} is final; {@code released} goes false to true once, by CAS.
 *
 * @param <T> the message type
 */
abstract sealed class ChannelEnd<T> implements AutoCloseable permits Sender, Receiver {
    private static final VarHandle RELEASED;

    static {
        try {
            RELEASED = MethodHandles.lookup().findVarHandle(ChannelEnd.class, "released", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ChannelCore<T> core;
    @SuppressWarnings("unused") // accessed through RELEASED
    private volatile boolean released;

    ChannelEnd(ChannelCore<T> core) {
        this.core = core;
    }

    /** Gives this handle's count back to the channel (closing it if this was the last of its kind). */
    abstract void dropFromCore();

    /**
     * Closes this handle (idempotent); closing the last sender handle, or the last receiver
     * handle, closes the channel.
     */
    @Override
    public final void close() {
        if (RELEASED.compareAndSet(this, false, true)) dropFromCore();
    }

    /**
     * Closes the channel for every handle: pending and later sends fail, receivers drain what was
     * sent before and then see the end.
     *
     * @return {@code true} if this call closed it, {@code false} if it was closed already
     */
    public final boolean closeChannel() {
        return core.close();
    }

    /** @return whether the channel is closed (messages may still be queued) */
    public final boolean isClosed() {
        return core.isClosed();
    }

    /** @return how many messages are queued now (a snapshot) */
    public final int size() {
        return core.size();
    }

    /** @throws IllegalStateException if this handle is closed */
    final void checkOpen() {
        if (released) {
            throw new IllegalStateException("this " + getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " handle is closed");
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[size=" + core.size() + ", closed=" + core.isClosed() + "]";
    }
}
