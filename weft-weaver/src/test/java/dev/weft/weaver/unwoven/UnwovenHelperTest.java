package dev.weft.weaver.unwoven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An await reached from a woven body through a helper the weaver did not weave would block the
 * worker: on a worker it throws {@link IllegalStateException} naming the helper and the fix; on an
 * ordinary thread (blockOn) it still blocks that thread, which is allowed.
 */
class UnwovenHelperTest {

    @Test
    void unwovenAwaitOnAWorkerThrowsNamingTheHelperAndTheFix() throws Exception {
        Future<Integer> f = body(Future.ready(1), Future.ready(2));
        assertThat(f).isInstanceOf(WovenFuture.class);
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("unwoven-").build()) {
            assertThatThrownBy(() -> rt.blockOn(f))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("Weft.await(...) in dev.weft.weaver.unwoven.HelperBodies.helper (HelperBodies.java:"
                            + line("the unwoven await") + ") would block worker thread unwoven-0: it is reached from "
                            + "the woven body dev.weft.weaver.unwoven.HelperBodies.lambda$body$0 (HelperBodies.java:"
                            + line("calls the unwoven helper") + "), but dev.weft.weaver.unwoven.HelperBodies.helper "
                            + "was not woven (only bodies passed to Weft.async are). Fix: make helper return a Future "
                            + "built with Weft.async(() -> ...) and await that future in the caller.");
        }
    }

    @Test
    void unwovenAwaitOnAnOrdinaryThreadStillBlocksIt() throws Exception {
        assertThat(Weft.blockOn(body(Future.ready(1), Future.ready(2)))).isEqualTo(3);
    }

    private static Future<Integer> body(Future<Integer> first, Future<Integer> inner) throws Exception {
        ClassLoader woven = WeavingClassLoader.ofPackages(UnwovenHelperTest.class.getClassLoader(),
                "dev.weft.weaver.unwoven.HelperBodies");
        Method m = woven.loadClass(HelperBodies.class.getName()).getMethod("body", Future.class, Future.class);
        @SuppressWarnings("unchecked")
        Future<Integer> f = (Future<Integer>) m.invoke(null, first, inner);
        return f;
    }

    private static int line(String marker) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("src/test/java/dev/weft/weaver/unwoven/HelperBodies.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) return i + 1;
        }
        throw new AssertionError(marker);
    }
}
