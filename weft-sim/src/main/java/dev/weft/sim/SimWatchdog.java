package dev.weft.sim;

/**
 * Watches a simulation's thread from the thread that waits for the run: a simulation never
 * blocks (when nothing is ready it moves its clock), so its thread found waiting or blocked on
 * three looks in a row ({@value #LOOK_MILLIS} ms apart) is in a real blocking call
 * ({@code Thread.sleep}, a lock, a blocking queue, {@code Object.wait}). That is recorded as a
 * violation and the thread is interrupted, so the call returns and the run fails with a message
 * naming where it blocked. The watchdog only looks; it decides nothing in the run's order.
 * Waiting on a stackful coroutine's step (the thread hands the body to a virtual thread and waits
 * for it) is not blocking.
 *
 * {@snippet :
 * new SimWatchdog(sim, simThread, 0).watch();   // returns when the thread ended
 * }
 */
final class SimWatchdog {
    private static final long LOOK_MILLIS = 25;
    private static final int LOOKS = 3;

    private final SimRuntime sim;
    private final Thread thread;
    private final long realTimeLimitNanos;

    SimWatchdog(SimRuntime sim, Thread thread, long realTimeLimitNanos) {
        this.sim = sim;
        this.thread = thread;
        this.realTimeLimitNanos = realTimeLimitNanos;
    }

    /** Waits for the thread to end, looking at it meanwhile. */
    void watch() {
        long start = System.nanoTime();
        int blockedLooks = 0;
        boolean stopped = false;
        try {
            while (true) {
                thread.join(LOOK_MILLIS);
                if (!thread.isAlive()) return;
                if (stopped) continue;
                Thread.State st = thread.getState();
                StackTraceElement[] stack = thread.getStackTrace();
                if (isBlocked(st, stack)) {
                    if (++blockedLooks >= LOOKS) {
                        sim.refuse("a blocking call on the simulation's thread (" + st + " at " + where(stack)
                                + "); in a simulation, wait with Time.sleep and await, never block");
                        thread.interrupt();
                        stopped = true;
                    }
                } else {
                    blockedLooks = 0;
                }
                if (realTimeLimitNanos > 0 && System.nanoTime() - start > realTimeLimitNanos) {
                    sim.refuse("the run took longer than its real-time limit of "
                            + java.time.Duration.ofNanos(realTimeLimitNanos) + " (at " + where(stack) + ")");
                    thread.interrupt();
                    stopped = true;
                }
            }
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new SimulationException(sim.seed(), "interrupted while waiting for the simulation", e);
        }
    }

    private static boolean isBlocked(Thread.State st, StackTraceElement[] stack) {
        if (st != Thread.State.WAITING && st != Thread.State.TIMED_WAITING && st != Thread.State.BLOCKED) return false;
        for (StackTraceElement e : stack) {
            if (e.getClassName().startsWith("dev.weft.coro.internal.")) return false; // a coroutine step
        }
        return true;
    }

    private static String where(StackTraceElement[] stack) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (StackTraceElement e : stack) {
            if (n == 4) break;
            if (n++ > 0) sb.append(" < ");
            sb.append(e.getClassName()).append('.').append(e.getMethodName());
        }
        return sb.toString();
    }
}
