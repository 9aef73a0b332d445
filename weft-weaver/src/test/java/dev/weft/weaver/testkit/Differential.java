package dev.weft.weaver.testkit;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.opentest4j.AssertionFailedError;

/**
 * The differential harness: runs one body (see {@link BodyMethods}) every way it can run and
 * asserts that every run gives the same {@link Outcome} (returned string or exception, event log,
 * cancellations) as the blocking run:
 * <ol>
 *   <li>blocking: {@code nameBlocking(p).call()} of the unwoven class, each await blocking its
 *       thread (the reference);</li>
 *   <li>blocking again, from the woven class (the weaver must leave a lambda not passed to
 *       {@code Weft.async} alone);</li>
 *   <li>woven: {@code name(p)} of the woven class, by {@code Weft.blockOn}, then on a 2-worker
 *       {@link WeftRuntime} by {@code rt.blockOn}; the future must be a {@link WovenFuture}, so a body
 *       left unwoven cannot pass;</li>
 *   <li>stackful: {@code name(p)} of the unwoven class, the same two ways; the future must not be a
 *       {@link WovenFuture}.</li>
 * </ol>
 * Each run gets a fresh {@link Probe} and a platform thread of its own, and must end within
 * {@value #LIMIT_SECONDS} seconds (it is interrupted, which cancels what it awaits, and the check
 * fails otherwise).
 *
 * {@snippet :
 * try (Differential diff = new Differential()) {
 *     diff.check(Loops.class, "forWithBreakAndContinue"); // woven through a WeavingClassLoader
 * }
 * }
 */
public final class Differential implements AutoCloseable {
    /** The bound on each run. */
    public static final long LIMIT_SECONDS = 30;

    private final WeftRuntime runtime = WeftRuntime.builder().workers(2).threadNamePrefix("differential-worker-").build();
    private final Map<String, WeavingClassLoader> wovenPackages = new HashMap<>(); // guarded by this

    /** Starts the harness's 2-worker runtime; {@link #close()} stops it. */
    public Differential() {}

    /**
     * Checks a body of a test-source class against its woven twin, loaded through a
     * {@link WeavingClassLoader} over the class's package (one per package, kept by this harness).
     *
     * @param bodies the unwoven class holding the body
     * @param name the body's name
     * @return the blocking run's outcome, which every other run matched
     */
    public Outcome check(Class<?> bodies, String name) {
        return check(wovenTwin(bodies), bodies, name);
    }

    /**
     * Checks a body given both classes.
     *
     * @param woven the class as the weaver made it
     * @param unwoven the class as javac made it
     * @param name the body's name
     * @return the blocking run's outcome, which every other run matched
     */
    public Outcome check(Class<?> woven, Class<?> unwoven, String name) {
        return check(() -> woven, () -> unwoven, name);
    }

    /**
     * Checks a body of a test-source class, each run loading the class (and its nested classes)
     * afresh: the woven runs through a new {@link WeavingClassLoader}, the others through a new
     * {@link FreshClassLoader}. So every run sees the static initializers run, in its own order:
     * the check compares class initialization as well.
     *
     * @param bodies the unwoven class holding the body
     * @param name the body's name
     * @return the blocking run's outcome, which every other run matched
     */
    public Outcome checkFresh(Class<?> bodies, String name) {
        ClassLoader parent = bodies.getClassLoader();
        Set<String> names = Set.of(bodies.getName());
        return check(() -> load(WeavingClassLoader.ofClasses(parent, names), bodies.getName()),
                () -> load(new FreshClassLoader(parent, names), bodies.getName()), name);
    }

    /**
     * Checks a body, each run taking its class from a supplier: a supplier that loads the class
     * afresh gives every run its own static state and initializers.
     *
     * @param woven gives the class as the weaver made it, once per run
     * @param unwoven gives the class as javac made it, once per run
     * @param name the body's name
     * @return the blocking run's outcome, which every other run matched
     */
    public Outcome check(Supplier<Class<?>> woven, Supplier<Class<?>> unwoven, String name) {
        Class<?> reference = unwoven.get();
        String body = reference.getSimpleName() + "." + name;
        Outcome expected = blocking(reference, name);
        same(body, "blocking (from the woven class)", expected, blocking(woven.get(), name));
        same(body, "woven, Weft.blockOn", expected, async(woven.get(), name, true, Weft::blockOn));
        same(body, "woven, WeftRuntime.blockOn (2 workers)", expected, async(woven.get(), name, true, runtime::blockOn));
        same(body, "stackful, Weft.blockOn", expected, async(unwoven.get(), name, false, Weft::blockOn));
        same(body, "stackful, WeftRuntime.blockOn (2 workers)", expected, async(unwoven.get(), name, false, runtime::blockOn));
        return expected;
    }

    private static Class<?> load(ClassLoader loader, String name) {
        try {
            return loader.loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(loader.getName() + " loader cannot find " + name, e);
        }
    }

    /** @return {@code bodies} loaded again through this harness's weaving loader for its package */
    private synchronized Class<?> wovenTwin(Class<?> bodies) {
        WeavingClassLoader loader = wovenPackages.computeIfAbsent(bodies.getPackageName(),
                pkg -> WeavingClassLoader.ofPackages(bodies.getClassLoader(), pkg + "."));
        try {
            return loader.loadClass(bodies.getName());
        } catch (ClassNotFoundException e) {
            throw new AssertionError("the weaving loader cannot find " + bodies.getName(), e);
        }
    }

    /** Stops the runtime. */
    @Override
    public void close() {
        runtime.close();
    }

    private static Outcome blocking(Class<?> bodies, String name) {
        Probe p = new Probe();
        Callable<String> call = BodyMethods.blocking(bodies, name, p);
        return bounded(bodies, name, p, call, true);
    }

    private static Outcome async(Class<?> bodies, String name, boolean woven, Function<Future<String>, String> run) {
        Probe p = new Probe();
        Future<String> f = BodyMethods.future(bodies, name, p);
        if (f instanceof WovenFuture<?> != woven) {
            String warnings = bodies.getClassLoader() instanceof WeavingClassLoader w ? "; weaver warnings: " + w.warnings() : "";
            throw new AssertionError(bodies.getSimpleName() + "." + name + " returned " + f.getClass().getName() + ", which "
                    + (woven ? "is not a WovenFuture: the body was not woven" : "is a WovenFuture, from the unwoven class")
                    + warnings);
        }
        return bounded(bodies, name, p, () -> run.apply(f), false);
    }

    private static Outcome bounded(Class<?> bodies, String name, Probe p, Callable<String> run, boolean plainCall) {
        FutureTask<Outcome> job = new FutureTask<>(() -> {
            try {
                return Outcome.returned(run.call(), p);
            } catch (Throwable t) {
                return plainCall ? Outcome.threwFromCall(t, p) : Outcome.threw(t, p);
            }
        });
        Thread.ofPlatform().daemon().name("differential-run").start(job);
        try {
            return job.get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            job.cancel(true);
            throw new AssertionError("a run of " + bodies.getSimpleName() + "." + name + " did not finish within "
                    + LIMIT_SECONDS + " s; events so far: " + p.events());
        } catch (InterruptedException e) {
            job.cancel(true);
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + bodies.getSimpleName() + "." + name, e);
        } catch (ExecutionException e) {
            throw new AssertionError("the run of " + bodies.getSimpleName() + "." + name + " failed", e.getCause());
        }
    }

    private static void same(String body, String mode, Outcome expected, Outcome actual) {
        if (!expected.equals(actual)) {
            throw new AssertionFailedError(body + ": the " + mode + " run differs from the blocking run\nexpected (blocking): "
                    + expected + "\nactual (" + mode + "): " + actual, expected, actual);
        }
    }
}
