package dev.weft.weaver.diff.gen;

import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import dev.weft.weaver.testkit.MemoryClassLoader;
import dev.weft.weaver.testkit.MemoryCompiler;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Generated bodies run woven, stackful and blocking with the same results, exceptions and logs
 * (the order of finally blocks and of class initializers included). Each try draws a batch of up
 * to {@value #BATCH} bodies from its own seed ({@link BodyGenerator}), compiles them (one class
 * each) in one javac call, then checks each with {@link Differential}, every run loading the class
 * afresh. A failure names the seed, shrinks the body ({@link Shrinker}) and prints its source.
 *
 * <p>Generated programs that are cancelled ({@link BodyGenerator#cancelling}) run as tasks woven,
 * stackful and blocking, each cancelled at the same suspension (by {@code cancelAndJoin}, by a
 * timeout around a child body, as the loser of a race), with the same log, outcome and failures
 * reported to the runtime's hook in every mode ({@link CancelledRuns}).
 *
 * <p>The default run is {@value #TRIES} tries of bodies (about a hundred and fifty, some twenty
 * seconds) and {@value #CANCEL_TRIES} of cancelled programs (about sixty-five, some ten seconds),
 * from a fresh base seed each run; {@code -Dweft.weaver.fuzz.tries=N} and
 * {@code -Dweft.weaver.fuzz.cancelTries=N} scale them for a hand run, and
 * {@code -Dweft.weaver.fuzz.seed=S} replays a run (a try's seed is {@code S + its index}); add
 * {@code -Dlincheck.skip=true} to a {@code -Dtest=GeneratedBodiesTest} run, or the Lincheck
 * tests' execution runs the same seeds again. At the end the test prints how many bodies and
 * programs it checked.
 */
class GeneratedBodiesTest extends DifferentialTestBase {
    private static final int TRIES = 25;
    private static final int CANCEL_TRIES = 10;
    private static final int BATCH = 12;
    private static final String PACKAGE = "dev.weft.weaver.generated";
    private static final AtomicLong bodies = new AtomicLong();
    private static final AtomicLong programs = new AtomicLong();
    private static CancelledRuns cancelled;

    /** How one kind of generated body is checked, once compiled. */
    private interface Check {
        void check(Map<String, byte[]> classes, String name, GeneratedBody body);
    }

    @BeforeAll
    static void startCancelledRuns() {
        cancelled = new CancelledRuns();
    }

    @AfterAll
    static void stopCancelledRuns() {
        System.out.println("GeneratedBodiesTest checked " + bodies + " bodies and " + programs + " cancelled programs ("
                + cancelled.tally() + ")");
        cancelled.close();
    }

    @TestFactory
    Stream<DynamicTest> wovenStackfulAndBlockingRunsOfGeneratedBodiesAgree() {
        return tries("weft.weaver.fuzz.tries", TRIES, seed -> checkBatch(new BodyGenerator(seed), seed, (classes, name, body) -> {
            check(classes, name);
            bodies.incrementAndGet();
        }));
    }

    @TestFactory
    Stream<DynamicTest> wovenStackfulAndBlockingRunsOfGeneratedProgramsCancelledAtTheSameAwaitAgree() {
        return tries("weft.weaver.fuzz.cancelTries", CANCEL_TRIES, seed -> checkBatch(BodyGenerator.cancelling(seed), seed,
                (classes, name, body) -> {
                    cancelled.check(classes, name, body.stopAt());
                    programs.incrementAndGet();
                }));
    }

    private static Stream<DynamicTest> tries(String property, int byDefault, LongConsumer batch) {
        int tries = Integer.getInteger(property, byDefault);
        long base = Long.getLong("weft.weaver.fuzz.seed", ThreadLocalRandom.current().nextLong());
        return IntStream.range(0, tries).mapToObj(i -> DynamicTest.dynamicTest(
                "seed " + (base + i) + " (replay: -Dweft.weaver.fuzz.seed=" + base + ", try " + i + ")",
                () -> batch.accept(base + i)));
    }

    private static void checkBatch(BodyGenerator generator, long seed, Check check) {
        List<GeneratedBody> batch = generator.batch(BATCH);
        Map<String, String> sources = new LinkedHashMap<>();
        for (int i = 0; i < batch.size(); i++) sources.put(PACKAGE + ".G" + i, batch.get(i).source(PACKAGE, "G" + i));
        Map<String, byte[]> classes = MemoryCompiler.compile(sources);
        for (int i = 0; i < batch.size(); i++) {
            String name = PACKAGE + ".G" + i;
            try {
                check.check(classes, name, batch.get(i));
            } catch (AssertionError | RuntimeException | LinkageError e) {
                GeneratedBody small = Shrinker.shrink(batch.get(i), b -> failure(b, check) != null);
                String source = small.source(PACKAGE, "G");
                throw new AssertionError("generated body " + name + " of seed " + seed + " fails: " + e + "\nthe body:"
                        + batch.get(i) + "\nshrunk to:" + small + "\nwhich fails: " + failure(small, check) + "\nas compiled:\n"
                        + MemoryCompiler.numbered(Map.of(PACKAGE + ".G", source)), e);
            }
        }
    }

    /** @return how {@code body} fails the check, or {@code null} if it passes or does not compile */
    private static Throwable failure(GeneratedBody body, Check check) {
        String name = PACKAGE + ".G";
        Map<String, byte[]> classes;
        try {
            classes = MemoryCompiler.compile(Map.of(name, body.source(PACKAGE, "G")));
        } catch (RuntimeException | AssertionError notCompiling) {
            return null;
        }
        try {
            check.check(classes, name, body);
            return null;
        } catch (AssertionError | RuntimeException | LinkageError e) {
            return e;
        }
    }

    /**
     * Checks the body of class {@code name}, woven once (and verified) by a
     * {@link WeavingClassLoader}, then each run loading the classes afresh, so that each sees the
     * static initializers of the body's classes run, in its order.
     */
    private static void check(Map<String, byte[]> classes, String name) {
        ClassLoader parent = GeneratedBodiesTest.class.getClassLoader();
        WeavingClassLoader weaving = WeavingClassLoader.ofClassFiles(parent, classes);
        load(weaving, name);
        WeaveResult r = weaving.result(name);
        if (!r.changed() || !r.warnings().isEmpty()) throw new AssertionError(name + " not woven whole: " + r.warnings());
        Map<String, byte[]> woven = new HashMap<>(classes);
        woven.put(name, r.bytes());
        r.addedClasses().forEach((internal, bytes) -> woven.put(internal.replace('/', '.'), bytes));
        diff.check(() -> load(new MemoryClassLoader(parent, woven), name),
                () -> load(new MemoryClassLoader(parent, classes), name), "body");
    }

    private static Class<?> load(ClassLoader loader, String name) {
        try {
            return loader.loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name + " was not compiled", e);
        }
    }
}
