package dev.weft.exec;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;

/**
 * Checks {@code Weft.run} and {@code Weft.spawn} in a JVM of its own: the default runtime is never
 * closed, and its idle workers would otherwise take part in the process-wide driver for the rest
 * of the test JVM (changing what the driver tests of other suites see). Prints "ok" when every
 * check held; throws otherwise.
 */
public final class DefaultRuntimeCheck {
    private DefaultRuntimeCheck() {}

    private static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    /**
     * @param args unused
     */
    public static void main(String[] args) {
        check(Weft.run(Future.ready(42)) == 42, "Weft.run returns the output");
        Task<String> t = Weft.spawn(cx -> Poll.ready(Thread.currentThread().getName()));
        String name = Weft.await(t);
        check(name.startsWith("weft-default-"), "Weft.spawn from outside runs on the default runtime: " + name);
        Runtime dflt = Weft.run(cx -> Poll.ready(Runtime.current()));
        Task<Runtime> inner = Weft.run(cx -> Poll.ready(Weft.spawn(cx2 -> Poll.ready(Runtime.current()))));
        check(Weft.await(inner) == dflt, "Weft.spawn inside a task spawns on the current runtime");
        check(dflt.executor().workers() == java.lang.Runtime.getRuntime().availableProcessors(),
                "the default runtime has availableProcessors workers");
        System.out.println("ok");
    }
}
