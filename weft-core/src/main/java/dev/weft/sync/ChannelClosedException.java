package dev.weft.sync;

/**
 * The channel is closed: a send found it closed (the message is handed back by {@link #unsent()}),
 * or a receive found it closed and drained.
 *
 * {@snippet :
 * try {
 *     Weft.await(tx.send(msg));
 * } catch (ChannelClosedException e) {
 *     Message back = (Message) e.unsent(); // not delivered to anyone
 * }
 * }
 */
public final class ChannelClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The message a failed send hands back; not serialized. */
    private final transient Object unsent;

    /**
     * @param text the exception message
     * @param unsent the message that was not sent, or {@code null} for a receive
     */
    public ChannelClosedException(String text, Object unsent) {
        super(text);
        this.unsent = unsent;
    }

    /** @return the message a send could not deliver, or {@code null} if a receive failed */
    public Object unsent() {
        return unsent;
    }

    static ChannelClosedException onSend(Object message) {
        return new ChannelClosedException("send on a closed channel", message);
    }

    static ChannelClosedException onRecv() {
        return new ChannelClosedException("receive on a closed and empty channel", null);
    }
}
