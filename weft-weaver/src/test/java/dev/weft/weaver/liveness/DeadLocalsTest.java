package dev.weft.weaver.liveness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.coro.WovenFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.weaver.ClassResolver;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A woven future suspended at an await keeps only the locals live there: a dead reference is
 * collectable while the body is suspended (with {@code keepDeadLocals} it is kept, which shows the
 * test can fail), and a live one is kept and still there on resume.
 */
class DeadLocalsTest {

    @Test
    void aLocalDeadAtTheAwaitIsNotKeptByTheSuspendedStateObject() throws Exception {
        List<WeakReference<byte[]>> seen = new ArrayList<>();
        CompletableFuture<Integer> gate = new CompletableFuture<>();
        Future<Integer> f = invoke(false, "deadAtSecondAwait", seen, Future.ready(1), Future.fromStage(gate));
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(collected(seen.get(0))).as("dead local collected while suspended").isTrue();
        gate.complete(2);
        assertThat(f.poll(Context.noop())).isEqualTo(Poll.ready((1 << 20) + 1 + 2));
    }

    @Test
    void withKeepDeadLocalsTheSameLocalIsKept() throws Exception {
        List<WeakReference<byte[]>> seen = new ArrayList<>();
        Future<Integer> f = invoke(true, "deadAtSecondAwait", seen, Future.ready(1), Future.pending());
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(collected(seen.get(0))).as("kept by keepDeadLocals").isFalse();
        assertThat(f).isInstanceOf(WovenFuture.class);
    }

    @Test
    void aLiveLocalIsKeptAcrossTheAwaitAndRestoredOnResume() throws Exception {
        List<WeakReference<byte[]>> seen = new ArrayList<>();
        CompletableFuture<Integer> gate = new CompletableFuture<>();
        Future<Integer> f = invoke(false, "liveAtAwait", seen, Future.fromStage(gate));
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(collected(seen.get(0))).isFalse();
        gate.complete(5);
        assertThat(f.poll(Context.noop())).isEqualTo(Poll.ready((1 << 20) + 5));
    }

    /** @return whether the referent went away within a bounded number of GCs */
    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 20 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        return ref.get() == null;
    }

    @SuppressWarnings("unchecked")
    private static Future<Integer> invoke(boolean keepDeadLocals, String method, Object... args) throws Exception {
        Map<String, byte[]> classes = weave(keepDeadLocals);
        ClassLoader loader = new ChildFirst(DeadLocalsTest.class.getClassLoader(), classes);
        for (Method m : loader.loadClass(DeadLocalBody.class.getName()).getMethods()) {
            if (m.getName().equals(method)) return (Future<Integer>) m.invoke(null, args);
        }
        throw new AssertionError(method);
    }

    private static Map<String, byte[]> weave(boolean keepDeadLocals) throws IOException {
        byte[] bytes;
        try (InputStream in = DeadLocalBody.class.getResourceAsStream("DeadLocalBody.class")) {
            bytes = in.readAllBytes();
        }
        WeaveResult r = new Weaver(ClassResolver.of(DeadLocalsTest.class.getClassLoader()),
                new Weaver.Options(false, keepDeadLocals, true)).weave(bytes);
        Map<String, byte[]> out = new HashMap<>();
        out.put(DeadLocalBody.class.getName(), r.bytes());
        r.addedClasses().forEach((name, b) -> out.put(name.replace('/', '.'), b));
        return out;
    }

    /** Defines the given classes itself, before asking its parent. */
    private static final class ChildFirst extends ClassLoader {
        private final Map<String, byte[]> classes;

        ChildFirst(ClassLoader parent, Map<String, byte[]> classes) {
            super("child-first", parent);
            this.classes = classes;
        }

        @Override
        protected synchronized Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            byte[] b = classes.get(name);
            if (b == null) return super.loadClass(name, resolve);
            Class<?> c = findLoadedClass(name);
            return c != null ? c : defineClass(name, b, 0, b.length);
        }
    }
}
