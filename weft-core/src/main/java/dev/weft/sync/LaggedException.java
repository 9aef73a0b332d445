package dev.weft.sync;

/**
 * A {@link BroadcastReceiver} fell so far behind that messages it had not received were
 * overwritten: {@link #missed()} says how many. The receiver has moved on to the oldest message
 * still held, so its next receive succeeds (Tokio's {@code RecvError::Lagged(n)}).
 *
 * {@snippet :
 * try {
 *     update = Weft.await(rx.recv());
 * } catch (LaggedException e) {
 *     log("skipped " + e.missed() + " updates");
 * }
 * }
 */
public final class LaggedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long missed;

    /** @param missed how many messages the receiver missed */
    public LaggedException(long missed) {
        super("receiver lagged behind and missed " + missed + " messages");
        this.missed = missed;
    }

    /** @return how many messages the receiver missed */
    public long missed() {
        return missed;
    }
}
