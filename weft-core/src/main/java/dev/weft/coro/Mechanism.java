package dev.weft.coro;

/**
 * How {@link Coroutine#async} runs coroutine bodies in this JVM; see {@link Coroutine#mechanism()}.
 *
 * {@snippet :
 * if (Coroutine.mechanism() == Mechanism.BLOCKING_VIRTUAL_THREAD)
 *     System.err.println("add --add-opens java.base/java.lang=ALL-UNNAMED for real coroutines");
 * }
 */
public enum Mechanism {
    /**
     * Stackful coroutines on Weft's executors: each body is a virtual thread whose scheduler is the
     * coroutine future itself, so the body runs on whichever worker polls the future, and
     * {@code await} of a pending future suspends it and frees the worker. Needs
     * {@code --add-opens java.base/java.lang=ALL-UNNAMED} (or {@code =dev.weft} on the module path).
     */
    SUSPENDING,
    /**
     * The fallback without that flag: each body runs on a plain virtual thread of the JDK's
     * default scheduler and {@code await} blocks that virtual thread. Same results, but bodies run
     * on the JDK's carrier threads, not on Weft's workers.
     */
    BLOCKING_VIRTUAL_THREAD
}
