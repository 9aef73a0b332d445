package dev.weft.examples.redis.command;

import dev.weft.examples.redis.pubsub.Subscriptions;

/**
 * One connection's state as the commands see it: the shared {@link Database}, the connection's
 * channel subscriptions, and whether it must close once its replies are written (QUIT).
 *
 * {@snippet :
 * Session s = new Session(db);
 * dispatcher.execute(args, s, out);
 * if (s.closing()) stream.close();
 * }
 *
 * <p>Owner only: the connection's task.
 */
public final class Session implements AutoCloseable {
    private final Database db;
    private final Subscriptions subscriptions;
    private boolean closing;

    /** @param db the server's data */
    public Session(Database db) {
        this.db = db;
        this.subscriptions = new Subscriptions(db.pubsub());
    }

    /** @return the server's data */
    public Database db() {
        return db;
    }

    /** @return this connection's channels */
    public Subscriptions subscriptions() {
        return subscriptions;
    }

    /** @return whether the connection is in subscribed mode (at least one channel) */
    public boolean subscribed() {
        return subscriptions.count() > 0;
    }

    /** Asks for the connection to close once the replies so far are written. */
    public void closeAfterReplies() {
        closing = true;
    }

    /** @return whether {@link #closeAfterReplies()} was called */
    public boolean closing() {
        return closing;
    }

    /** Unsubscribes from every channel. */
    @Override
    public void close() {
        subscriptions.close();
    }
}
