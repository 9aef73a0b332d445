package dev.weft.flow;

import java.util.concurrent.Flow;

/**
 * The subscription handed to a subscriber that is refused at once (its stream could not be made):
 * {@code onError} follows right after {@code onSubscribe} (Rule 1.9), so there is nothing to
 * request or cancel.
 */
enum NoSubscription implements Flow.Subscription {
    INSTANCE;

    @Override
    public void request(long n) {}

    @Override
    public void cancel() {}
}
