package dev.weft.net.internal.nio;

import java.io.IOException;
import java.nio.channels.SelectableChannel;

/**
 * What every endpoint of NIO's poller does the same way: it owns one channel registered with a
 * {@link Reactor} (its {@link Source}), counts the tasks waiting on it, and closes both. The source
 * guards its own state; both fields are final.
 *
 * @param <C> the channel's type
 */
abstract class NioEndpoint<C extends SelectableChannel> {
    /** The channel. */
    final C ch;
    /** Its registration and waiters. */
    final Source source;

    NioEndpoint(C ch, Source source) {
        this.ch = ch;
        this.source = source;
    }

    /** @return how many tasks wait on this channel (for tests and diagnostics) */
    public int waiterCount() {
        return source.waiterCount();
    }

    /**
     * Leaves the reactor (waking every waiter), then closes the channel. Idempotent.
     *
     * @throws IOException if closing the channel failed
     */
    public void close() throws IOException {
        source.close();
        ch.close();
    }

    @Override
    public String toString() {
        return ch.toString();
    }
}
