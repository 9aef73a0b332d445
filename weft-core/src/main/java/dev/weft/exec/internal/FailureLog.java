package dev.weft.exec.internal;

import java.util.function.Consumer;

/**
 * The default failure hook of a runtime: a log line (System.Logger {@code dev.weft}, level
 * WARNING) for each failure nobody else took, naming the task when there is one (its id, its
 * future, which names a woven body's lambda and shows its scope and task-local bindings, and its
 * spawn site when task statistics are on), with the throwable and its stack trace.
 *
 * {@snippet :
 * WeftRuntime rt = WeftRuntime.builder().build(); // failures of detached or dropped tasks are logged
 * }
 */
public final class FailureLog implements Consumer<Throwable> {
    /** The default hook of every runtime: logs to {@code System.getLogger("dev.weft")}. */
    public static final FailureLog INSTANCE = new FailureLog(System.getLogger("dev.weft"));

    private final System.Logger log;

    /** @param log where the lines go (a test's own logger, say) */
    public FailureLog(System.Logger log) {
        this.log = log;
    }

    /** A failure with no task to name (a waker or a runnable that threw). */
    @Override
    public void accept(Throwable error) {
        log.log(System.Logger.Level.WARNING, "a failure nobody took: " + error, error);
    }

    /**
     * @param what the task and why it is reported
     * @param error what it threw
     */
    public void failed(String what, Throwable error) {
        log.log(System.Logger.Level.WARNING, what + ": " + error, error);
    }
}
