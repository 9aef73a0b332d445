package dev.weft.console;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.task.TaskLocal;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The JVM the console tests watch: a 2-worker runtime {@code workload-} with task statistics on,
 * running tasks made to draw each warning: one idle forever, one that wakes itself on every poll
 * (each poll parks 2 ms, so it holds a worker without spinning a core), one with a 30 ms poll every
 * 200 ms, and eight that tick on timers; and, with {@code requestId=r-17} bound, two task scopes
 * left open: {@code request} (fail-fast) with one ticking child, and nested in it {@code fan-out}
 * (a supervisor, with a ten-minute deadline) with two. Prints {@code ready <pid>} once they run;
 * exits when its standard input ends (the test closed it) or after two minutes, whichever comes
 * first.
 */
public final class ConsoleWorkload {
    private ConsoleWorkload() {}

    /**
     * @param args none
     * @throws InterruptedException never in practice
     */
    public static void main(String[] args) throws InterruptedException {
        WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("workload-").taskStats(true).build();
        rt.spawn(Future.pending()).detach();
        rt.spawn(ConsoleWorkload::wakeSelfEveryPoll).detach();
        rt.spawn(new Ticking(Duration.ofMillis(200), Duration.ofMillis(30))).detach();
        for (int i = 0; i < 8; i++) rt.spawn(new Ticking(Duration.ofMillis(5 + i), Duration.ZERO)).detach();
        try {
            TaskLocal.where(TaskLocal.named("requestId"), "r-17").call(() -> openScopes(rt));
        } catch (Exception e) {
            throw new IllegalStateException("the scopes did not open", e);
        }
        Thread stdin = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // drain until the parent closes our input
                }
            } catch (java.io.IOException e) {
                // the parent is gone: stop as well
            }
            System.exit(0);
        });
        stdin.setDaemon(true);
        stdin.start();
        System.out.println("ready " + ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(Duration.ofMinutes(2));
        System.exit(0);
    }

    /** Opens the scopes, on this thread, and leaves them open: the JVM exits with them. */
    @SuppressWarnings("resource")
    private static Void openScopes(WeftRuntime rt) {
        TaskScope<Object, Void> request = TaskScope.open(Joiner.failFast(), c -> c.withName("request").withRuntime(rt));
        request.spawn(new Ticking(Duration.ofMillis(50), Duration.ZERO));
        TaskScope<Object, List<Throwable>> fanOut = TaskScope.open(Joiner.supervisor(),
                c -> c.withName("fan-out").withRuntime(rt).withTimeout(Duration.ofMinutes(10)));
        fanOut.spawn(new Ticking(Duration.ofMillis(40), Duration.ZERO));
        fanOut.spawn(new Ticking(Duration.ofMillis(60), Duration.ZERO));
        return null;
    }

    private static Poll<Void> wakeSelfEveryPoll(Context cx) {
        LockSupport.parkNanos(2_000_000);
        cx.waker().wake();
        return Poll.pending();
    }

    /** Sleeps {@code period}, then spends {@code work} in one poll (a blocking poll, if long), forever. */
    private static final class Ticking implements Future<Void> {
        private final Duration period;
        private final Duration work;
        private Sleep sleep;

        Ticking(Duration period, Duration work) {
            this.period = period;
            this.work = work;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            while (true) {
                if (sleep == null) sleep = Time.sleep(period);
                if (sleep.poll(cx) instanceof Poll.Pending) return Poll.pending();
                sleep = null;
                if (!work.isZero()) Thread.sleep(work);
            }
        }
    }
}
