package dev.weft.exec;

import java.util.List;
import java.util.Objects;

/**
 * A poll that held a worker of a runtime longer than the runtime's blocked-worker threshold
 * ({@link WeftRuntime.Builder#blockedWorkerThreshold}): a task that called blocking code
 * ({@code Thread.sleep}, a blocking socket or file call, a lock held elsewhere, a long computation)
 * instead of awaiting. The runtime samples the stuck worker's stack while it is stuck and reports
 * each call site once: a log line (System.Logger {@code dev.weft}, WARNING, {@link #message()}), a
 * JFR event {@code dev.weft.BlockedWorker}, and an entry of {@link WeftRuntime#blockedWorkers()},
 * which the runtime's MBean and {@code weft-console} show. {@link RuntimeMetrics#blockedPolls()}
 * counts every such poll, the call sites seen before included.
 *
 * {@snippet :
 * for (BlockedWorker b : rt.blockedWorkers()) System.err.println(b.message());
 * }
 *
 * @param worker the name of the worker thread that was held
 * @param callSite the topmost frame of the sampled stack outside Weft and the JDK: the user's call
 *     that blocked (the topmost frame of all if every frame is Weft's or the JDK's)
 * @param blockedNanos how long the poll had held the worker when its stack was sampled (at least
 *     the threshold; the poll may have gone on longer)
 * @param stack the worker's stack at that moment, innermost frame first
 */
public record BlockedWorker(String worker, StackTraceElement callSite, long blockedNanos, List<StackTraceElement> stack) {

    /** A report; the stack is copied. */
    public BlockedWorker {
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(callSite, "callSite");
        stack = List.copyOf(stack);
    }

    /**
     * @return one line: who was blocked, for how long so far, where, and what to use instead, as
     *     in {@code worker weft-worker-1 blocked for 150 ms (so far) in a poll, at
     *     MyServer.handle(MyServer.java:42) ...}
     */
    public String message() {
        return "worker " + worker + " blocked for " + blockedNanos / 1_000_000 + " ms (so far) in a poll, at "
                + callSite + advice() + " (reported once per call site; the stack follows)";
    }

    /** @return {@link #message()} and the sampled stack, one frame a line */
    public String messageWithStack() {
        StringBuilder sb = new StringBuilder(message());
        for (StackTraceElement e : stack) sb.append("\n    at ").append(e);
        return sb.toString();
    }

    /** @return what to do instead: for a {@code Thread.sleep} above the call site, or any other blocking call */
    private String advice() {
        boolean sleep = false;
        for (StackTraceElement e : stack) {
            if (e.equals(callSite)) break;
            sleep |= e.getClassName().equals("java.lang.Thread") && e.getMethodName().startsWith("sleep");
        }
        String common = ": a task must not block its worker, every task queued on it waits meanwhile; ";
        return sleep ? common + "for a pause, await(Time.sleep(duration)) instead of Thread.sleep"
                : common + "run blocking calls with await(Blocking.unblock(() -> ...)) (the runtime's blocking pool),"
                        + " and pause with await(Time.sleep(duration))";
    }
}
