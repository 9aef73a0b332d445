package dev.weft.coro.internal;

import java.io.Serial;
import java.util.concurrent.CancellationException;

/**
 * What an await of a cancelled body throws: a {@link CancellationException} without a stack
 * trace (a scope that cancels a hundred children makes a hundred of them, and filling a stack
 * trace costs microseconds each; the body's own frames are not where the cancellation came from
 * anyway) whose message, naming the awaited future, is made only if somebody reads it.
 *
 * {@snippet :
 * throw new AwaitCancelled("woven body cancelled; await refused of ", awaited);
 * }
 */
public final class AwaitCancelled extends CancellationException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Object awaited;
    private final String what;

    /**
     * @param what the message's start
     * @param awaited the future the await was about (its {@code toString} ends the message)
     */
    public AwaitCancelled(String what, Object awaited) {
        this.what = what;
        this.awaited = awaited;
    }

    @Override
    public String getMessage() {
        return what + awaited;
    }

    /** @return this, with no stack trace filled in */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
