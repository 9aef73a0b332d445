package dev.weft.net.internal;

import dev.weft.future.Waker;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * A listening socket as the listeners' accept future drives it: over a real
 * {@link java.nio.channels.ServerSocketChannel} or a {@link NetProvider}'s listener.
 *
 * {@snippet :
 * StreamEndpoint s = listener.accept();          // null: nothing pending
 * if (s == null) listener.register(this, cx.waker());
 * }
 *
 * <p>The accept future pauses and retries after an {@link IOException} whose class is exactly
 * {@code IOException} (a passing error such as "Too many open files": the connection stays in the
 * backlog); every other exception fails that accept, and
 * {@link java.nio.channels.ClosedChannelException} says the listener is closed.
 */
public interface ListenerEndpoint {
    /**
     * Takes a pending connection without waiting.
     *
     * @return the connection, or {@code null} if none is pending
     * @throws IOException a passing error (class exactly {@code IOException}) or a failure
     */
    StreamEndpoint accept() throws IOException;

    /**
     * Registers {@code waker} under {@code owner} (one slot per owner) to be woken when a
     * connection is pending or the listener is closed. The caller has just found nothing pending.
     *
     * @param owner the waiting party
     * @param waker its waker
     * @return {@code false} if the listener is closed (nothing registered)
     */
    boolean register(Object owner, Waker waker);

    /**
     * Drops the slot of {@code owner} (completed or cancelled); nothing if it holds none.
     *
     * @param owner the waiting party
     */
    void deregister(Object owner);

    /**
     * @return the bound local address (with the chosen port)
     * @throws IOException if the listener is closed
     */
    SocketAddress localAddress() throws IOException;

    /** @return how many tasks wait for a connection (for tests and diagnostics) */
    int waiterCount();

    /**
     * Stops listening; waiting accepts wake and fail. Idempotent.
     *
     * @throws IOException if closing failed
     */
    void close() throws IOException;
}
