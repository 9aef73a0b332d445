package dev.weft.sync;

/**
 * A channel for exactly one message: the two halves, made together.
 *
 * <p>The receiver is itself the future of the message. Two small objects per oneshot and no
 * lock: a good fit for "reply to this request" and for millions of idle waiters.
 *
 * {@snippet :
 * Oneshot<String> reply = Oneshot.create();
 * reply.sender().send("done");
 * String s = Weft.await(reply.receiver()); // "done"
 * }
 *
 * @param sender the sending half
 * @param receiver the receiving half, a {@code Future<T>}
 * @param <T> the message type
 */
public record Oneshot<T>(OneshotSender<T> sender, OneshotReceiver<T> receiver) {

    /**
     * A new oneshot channel.
     *
     * @param <T> the message type
     * @return its two halves
     */
    public static <T> Oneshot<T> create() {
        OneshotReceiver<T> rx = new OneshotReceiver<>();
        return new Oneshot<>(new OneshotSender<>(rx), rx);
    }
}
