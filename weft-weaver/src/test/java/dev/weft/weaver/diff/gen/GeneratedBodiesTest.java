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
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Generated bodies run woven, stackful and blocking with the same results, exceptions and logs
 * (the order of finally blocks and of class initializers included). Each try draws a batch of up
 * to {@value #BATCH} bodies from its own seed ({@link BodyGenerator}), compiles them (one class
 * each) in one javac call, then checks each with {@link Differential}, every run loading the class
 * afresh. A failure names the seed, shrinks the body ({@link Shrinker}) and prints its source.
 *
 * <p>The default run is {@value #TRIES} tries (about a hundred and fifty bodies, some twenty
 * seconds) from a fresh base seed each run; {@code -Dweft.weaver.fuzz.tries=N} scales it for a
 * hand run, and
 * {@code -Dweft.weaver.fuzz.seed=S} replays a run (a try's seed is {@code S + its index}).
 */
class GeneratedBodiesTest extends DifferentialTestBase {
    private static final int TRIES = 25;
    private static final int BATCH = 12;
    private static final String PACKAGE = "dev.weft.weaver.generated";

    @TestFactory
    Stream<DynamicTest> wovenStackfulAndBlockingRunsOfGeneratedBodiesAgree() {
        int tries = Integer.getInteger("weft.weaver.fuzz.tries", TRIES);
        long base = Long.getLong("weft.weaver.fuzz.seed", ThreadLocalRandom.current().nextLong());
        return IntStream.range(0, tries).mapToObj(i -> DynamicTest.dynamicTest(
                "seed " + (base + i) + " (replay: -Dweft.weaver.fuzz.seed=" + base + ", try " + i + ")",
                () -> checkBatch(base + i)));
    }

    private static void checkBatch(long seed) throws Exception {
        List<GeneratedBody> batch = new BodyGenerator(seed).batch(BATCH);
        Map<String, String> sources = new LinkedHashMap<>();
        for (int i = 0; i < batch.size(); i++) sources.put(PACKAGE + ".G" + i, batch.get(i).source(PACKAGE, "G" + i));
        Map<String, byte[]> classes = MemoryCompiler.compile(sources);
        for (int i = 0; i < batch.size(); i++) {
            String name = PACKAGE + ".G" + i;
            try {
                check(classes, name);
            } catch (AssertionError | RuntimeException | LinkageError e) {
                GeneratedBody small = Shrinker.shrink(batch.get(i), GeneratedBodiesTest::fails);
                String source = small.source(PACKAGE, "G");
                throw new AssertionError("generated body " + name + " of seed " + seed + " fails: " + e
                        + "\nshrunk to:\n" + MemoryCompiler.numbered(Map.of(PACKAGE + ".G", source)), e);
            }
        }
    }

    /** @return whether {@code body} compiles and still fails the check */
    private static boolean fails(GeneratedBody body) {
        String name = PACKAGE + ".G";
        Map<String, byte[]> classes;
        try {
            classes = MemoryCompiler.compile(Map.of(name, body.source(PACKAGE, "G")));
        } catch (RuntimeException | AssertionError notCompiling) {
            return false;
        }
        try {
            check(classes, name);
            return false;
        } catch (AssertionError | RuntimeException | LinkageError e) {
            return true;
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
