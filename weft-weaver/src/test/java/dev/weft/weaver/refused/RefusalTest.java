package dev.weft.weaver.refused;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each refusal of the weaver, with its exact message, and the opt-out that keeps the body unwoven. */
class RefusalTest {
    private static final ClassResolver RESOLVER = ClassResolver.of(RefusalTest.class.getClassLoader());

    @Test
    void awaitInsideSynchronizedBlockIsRefusedWithFileLineAndFix() throws IOException {
        assertThatThrownBy(() -> weave(SyncBlockBody.class, false))
                .isInstanceOf(WeaveException.class)
                .hasMessage("SyncBlockBody.java:" + line(SyncBlockBody.class, "refused: synchronized block")
                        + ": Weft.await inside a synchronized block of a Weft.async body (lambda$body$0): a woven "
                        + "body cannot hold a monitor across a suspension. Fix: move the await out of the "
                        + "synchronized block, guard the state with dev.weft.sync.Mutex (whose lock() can be "
                        + "awaited), or make this body stackful with Coroutine.async(...).");
    }

    @Test
    void synchronizedMethodAsBodyIsRefusedWithFileLineAndFix() throws IOException {
        assertThatThrownBy(() -> weave(SyncMethodBody.class, false))
                .isInstanceOf(WeaveException.class)
                .hasMessage("SyncMethodBody.java:" + line(SyncMethodBody.class, "refused: synchronized method")
                        + ": Weft.await in the synchronized method locked, used as a Weft.async body: a woven body "
                        + "cannot hold a monitor across a suspension. Fix: drop 'synchronized' and guard the state "
                        + "with dev.weft.sync.Mutex, or make this body stackful with Coroutine.async(...).");
    }

    @Test
    void awaitInConstructorIsRefusedWithFileLineAndFix() throws IOException {
        assertThatThrownBy(() -> weave(ConstructorAwait.class, false))
                .isInstanceOf(WeaveException.class)
                .hasMessage("ConstructorAwait.java:" + line(ConstructorAwait.class, "refused: constructor")
                        + ": Weft.await in a constructor of ConstructorAwait: a constructor cannot be woven, and "
                        + "the await would block the thread that runs it (inside a task: a worker). Fix: await the "
                        + "value first (in a Weft.async body) and pass it to the constructor, or add a static "
                        + "factory that returns a Future.");
    }

    @Test
    void awaitInStaticInitializerIsRefusedWithFileLineAndFix() throws IOException {
        assertThatThrownBy(() -> weave(StaticInitAwait.class, false))
                .isInstanceOf(WeaveException.class)
                .hasMessage("StaticInitAwait.java:" + line(StaticInitAwait.class, "refused: static initializer")
                        + ": Weft.await in the static initializer of StaticInitAwait: class initialization cannot "
                        + "suspend, and the await would block every thread that touches StaticInitAwait. Fix: "
                        + "initialize the value lazily in a Weft.async body.");
    }

    @Test
    void optingInKeepsRefusedBodiesUnwovenWithAWarning() throws IOException {
        for (Class<?> c : List.of(SyncBlockBody.class, SyncMethodBody.class, ConstructorAwait.class,
                StaticInitAwait.class)) {
            WeaveResult r = weave(c, true);
            assertThat(r.changed()).as(c.getSimpleName()).isFalse();
            assertThat(r.addedClasses()).as(c.getSimpleName()).isEmpty();
            assertThat(r.warnings()).as(c.getSimpleName()).singleElement().asString()
                    .startsWith(c.getSimpleName() + ".java:");
        }
    }

    @Test
    void methodReferenceToAnotherClassIsLeftStackfulWithAWarning() throws IOException {
        WeaveResult r = weave(ForeignRef.class, false);
        assertThat(r.changed()).isFalse();
        assertThat(r.warnings()).containsExactly("ForeignRef.java:" + line(ForeignRef.class, "foreign method reference")
                + ": the method reference dev.weft.weaver.refused.ForeignRef$Helpers::compute passed to Weft.async is "
                + "left unwoven (stackful): the weaver weaves bodies of the call site's own class only. Fix: make "
                + "compute return Weft.async(() -> ...) itself and pass that future instead.");
    }

    @Test
    void methodReferenceToAnOverridableMethodIsLeftStackfulWithAWarning() throws IOException {
        WeaveResult r = weave(OverridableRef.class, false);
        assertThat(r.changed()).isFalse();
        assertThat(r.warnings()).containsExactly("OverridableRef.java:"
                + line(OverridableRef.class, "overridable method reference") + ": the method reference to compute "
                + "passed to Weft.async is left unwoven (stackful): the method can be overridden. Make it private, "
                + "static or final to have it woven.");
    }

    @Test
    void aLambdaReachingAnAsyncCallTogetherWithAnotherCallableIsLeftStackfulWithAWarning() throws IOException {
        WeaveResult r = weave(SharedSite.class, false);
        assertThat(r.changed()).isFalse();
        assertThat(r.warnings()).containsExactly("SharedSite.java:" + line(SharedSite.class, "shared call site")
                + ": lambda$body$0 passed to Weft.async is left unwoven there (stackful): the Callable that call gets "
                + "is not always a lambda made for it alone (it can also come from a local, a field or a call, or the "
                + "lambda is used elsewhere too). Fix: call Weft.async where the lambda is written, e.g. "
                + "'c ? Weft.async(() -> ...) : other'.");
    }

    private static WeaveResult weave(Class<?> c, boolean keepRefused) throws IOException {
        return new Weaver(RESOLVER, new Weaver.Options(keepRefused, false, true)).weave(bytes(c));
    }

    static byte[] bytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The 1-based line of the test source that carries {@code marker}. */
    private static int line(Class<?> c, String marker) throws IOException {
        Path src = Path.of("src/test/java", c.getName().replace('.', '/') + ".java");
        List<String> lines = Files.readAllLines(src);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) return i + 1;
        }
        throw new AssertionError(marker + " not in " + src);
    }
}
