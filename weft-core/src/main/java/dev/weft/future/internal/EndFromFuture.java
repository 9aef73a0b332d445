package dev.weft.future.internal;

import dev.weft.future.AsyncStream;
import dev.weft.future.Poll;

/**
 * A future that answered a stream's end ({@link Poll.End}): whatever drives a future (a task,
 * {@code blockOn}) takes only {@link Poll.Ready} as done and would wait for that future for ever,
 * so the driver fails it with this error instead.
 *
 * {@snippet :
 * Poll<T> p = future.poll(cx);
 * EndFromFuture.check(p, future); // throws if p is the end of a stream
 * }
 */
public final class EndFromFuture {
    private EndFromFuture() {}

    /**
     * @param p what {@code future} answered
     * @param future the future, named in the error
     * @throws IllegalStateException if {@code p} is {@link Poll.End}
     */
    public static void check(Poll<?> p, Object future) {
        // the end is one shared instance: an identity test, where an instanceof would be compiled
        // against the poll classes this site saw so far and trap (class_check) at the next one
        if (p == (Object) AsyncStream.end()) throw failure(future);
    }

    /**
     * @param future the future that answered the end, named in the error
     * @return the error of a future that answered the end of a stream
     */
    public static IllegalStateException failure(Object future) {
        return new IllegalStateException(future + " answered the end of a stream (Poll.End, AsyncStream.end());"
                + " a future answers ready or pending, a stream's pollNext answers the end");
    }
}
