package dev.weft.weaver.diff.gen;

import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.time.Time;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.testkit.BodyMethods;
import dev.weft.weaver.testkit.MemoryClassLoader;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.regex.Pattern;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a generated program as a task in every mode its source runs in, cancels the task where
 * the program stopped, and asserts that every mode shows the same {@link Run}: the probe's event
 * log (the order of finally blocks, catches, closes and initializers), the task's outcome (value,
 * or exception type and message) and what reached the runtime's failure hook, in order. The modes
 * are those of the README's "Cancellation" rules, which are the same in each:
 * <ol>
 *   <li>woven: {@code body(p)} of the woven class, spawned on a two-worker runtime;</li>
 *   <li>stackful: {@code body(p)} of the class as javac made it (its child bodies awaited
 *       inline on its stack);</li>
 *   <li>blocking: {@code bodyBlocking(p)} of that class on the runtime's blocking pool, whose
 *       cancellation is an interrupt of the pool thread (its child bodies are stackful futures,
 *       awaited by blocking);</li>
 *   <li>blocking from the woven class: the same with woven child bodies.</li>
 * </ol>
 * The probe of each run is armed with the program's {@link GeneratedBody#stopAt}: once the program
 * stopped (a future of its task's lane is stuck there, see {@code Probe#stopAt}), the run cancels
 * the task with {@code cancelAndJoin}; a program that never stops runs to its end. Each run loads the
 * program's classes afresh, so each sees its static initializers run.
 *
 * {@snippet :
 * try (CancelledRuns runs = new CancelledRuns()) {
 *     runs.check(MemoryCompiler.compile(Map.of(name, body.source(pkg, "G"))), name, body.stopAt());
 * }
 * }
 */
final class CancelledRuns implements AutoCloseable {
    /** The bound on cancelling and joining a task, and (in the probe) on its running until it stops or ends. */
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private static final Pattern TIMED_OUT = Pattern.compile("to\\d+ java.util.concurrent.TimeoutException.*");
    private static final Pattern LOST_RACE = Pattern.compile("ra\\d+ wra\\d+");
    private static final Pattern CLEANUP_BOUND = Pattern.compile("cu\\d+ java.util.concurrent.TimeoutException.*");

    private final List<String> reported = new CopyOnWriteArrayList<>();
    private final AtomicLongArray tally = new AtomicLongArray(Tally.values().length);
    private final WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("cancel-fuzz-")
            .onUncaughtException(t -> reported.add(Probe.describe(t))).build();

    /** Starts the runtime the programs run on; {@link #close()} stops it. */
    CancelledRuns() {}

    /** The ways one source runs. */
    enum Mode { WOVEN, STACKFUL, BLOCKING, BLOCKING_WOVEN_CLASS }

    /** What the programs checked so far did, counted from their woven runs. */
    enum Tally {
        /** Programs checked. */
        PROGRAMS,
        /** Cancelled by {@code cancelAndJoin} where they stopped. */
        CANCELLED,
        /** Timeouts around a child body that expired (and were caught). */
        TIMEOUTS_EXPIRED,
        /** Races a child body lost. */
        RACES_LOST,
        /** Cleanup awaits that ended at their bound (and were caught). */
        CLEANUPS_AT_THEIR_BOUND,
        /** Programs with failures reported to the hook. */
        WITH_FAILURES_REPORTED
    }

    /**
     * What one run showed.
     *
     * @param events the probe's log
     * @param outcome {@code "returned v"}, or {@code "threw "} and the exception (a cancellation by its type alone)
     * @param reported what reached the runtime's failure hook, in order
     */
    record Run(List<String> events, String outcome, List<String> reported) {
        @Override
        public String toString() {
            return outcome + "\n  events   " + events + "\n  reported " + reported;
        }
    }

    /**
     * Checks one compiled program: woven once (and verified), then run in every mode.
     *
     * @param classes the program's class files, by binary name
     * @param name the binary name of its class
     * @param stopAt where its task is cancelled ({@link GeneratedBody#stopAt})
     * @throws AssertionError if a mode's run differs from the woven one, or a run does not end
     */
    void check(Map<String, byte[]> classes, String name, int stopAt) {
        ClassLoader parent = CancelledRuns.class.getClassLoader();
        WeavingClassLoader weaving = WeavingClassLoader.ofClassFiles(parent, classes);
        load(weaving, name);
        WeaveResult r = weaving.result(name);
        if (!r.changed() || !r.warnings().isEmpty()) throw new AssertionError(name + " not woven whole: " + r.warnings());
        Map<String, byte[]> woven = new HashMap<>(classes);
        woven.put(name, r.bytes());
        r.addedClasses().forEach((internal, bytes) -> woven.put(internal.replace('/', '.'), bytes));

        Run expected = run(Mode.WOVEN, load(new MemoryClassLoader(parent, woven), name), stopAt);
        count(expected);
        same(Mode.STACKFUL, expected, run(Mode.STACKFUL, load(new MemoryClassLoader(parent, classes), name), stopAt));
        same(Mode.BLOCKING, expected, run(Mode.BLOCKING, load(new MemoryClassLoader(parent, classes), name), stopAt));
        same(Mode.BLOCKING_WOVEN_CLASS, expected,
                run(Mode.BLOCKING_WOVEN_CLASS, load(new MemoryClassLoader(parent, woven), name), stopAt));
    }

    private Run run(Mode mode, Class<?> program, int stopAt) {
        Probe p = new Probe();
        p.stopAt(stopAt);
        reported.clear(); // before the body is made: a blocking job starts at once
        Future<String> body = switch (mode) {
            case WOVEN, STACKFUL -> {
                Future<String> f = BodyMethods.future(program, "body", p);
                if (f instanceof WovenFuture<?> != (mode == Mode.WOVEN)) {
                    throw new AssertionError(mode + " run of " + program.getName() + " got a " + f.getClass().getName());
                }
                yield f;
            }
            case BLOCKING, BLOCKING_WOVEN_CLASS -> rt.blockingPool().unblock(BodyMethods.blocking(program, "body", p));
        };
        Task<String> t = rt.spawn(body);
        try {
            p.awaitStopOr(t::isDone);
        } catch (AssertionError hung) {
            t.cancel();
            throw new AssertionError(mode + " run neither stopped nor ended", hung);
        }
        if (p.stopped()) {
            try {
                rt.blockOn(Time.timeout(t.cancelAndJoin(), LIMIT));
            } catch (TimeoutException e) {
                throw new AssertionError(mode + " run: cancelAndJoin did not end within " + LIMIT + "; events: " + p.events(), e);
            }
        }
        String outcome;
        try {
            outcome = "returned " + rt.blockOn(t);
        } catch (Exception e) {
            outcome = "threw " + Probe.describe(e);
        }
        return new Run(p.events(), outcome, List.copyOf(reported));
    }

    private void count(Run r) {
        tally.incrementAndGet(Tally.PROGRAMS.ordinal());
        if (r.events().contains("stop")) tally.incrementAndGet(Tally.CANCELLED.ordinal());
        if (!r.reported().isEmpty()) tally.incrementAndGet(Tally.WITH_FAILURES_REPORTED.ordinal());
        for (String e : r.events()) {
            if (TIMED_OUT.matcher(e).matches()) tally.incrementAndGet(Tally.TIMEOUTS_EXPIRED.ordinal());
            if (LOST_RACE.matcher(e).matches()) tally.incrementAndGet(Tally.RACES_LOST.ordinal());
            if (CLEANUP_BOUND.matcher(e).matches()) tally.incrementAndGet(Tally.CLEANUPS_AT_THEIR_BOUND.ordinal());
        }
    }

    /** @return what the programs checked so far did ({@link Tally}), as {@code "PROGRAMS=12, CANCELLED=5, .."} */
    String tally() {
        StringBuilder sb = new StringBuilder();
        for (Tally t : Tally.values()) sb.append(sb.isEmpty() ? "" : ", ").append(t).append('=').append(tally.get(t.ordinal()));
        return sb.toString();
    }

    private static void same(Mode mode, Run expected, Run actual) {
        if (!expected.equals(actual)) {
            throw new AssertionFailedError("the " + mode + " run differs from the woven run\nexpected (woven): " + expected
                    + "\nactual (" + mode + "): " + actual, expected, actual);
        }
    }

    private static Class<?> load(ClassLoader loader, String name) {
        try {
            return loader.loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name + " was not compiled", e);
        }
    }

    /** Stops the runtime. */
    @Override
    public void close() {
        rt.close();
    }
}
