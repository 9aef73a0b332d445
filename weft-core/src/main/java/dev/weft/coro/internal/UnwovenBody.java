package dev.weft.coro.internal;

import dev.weft.internal.BodyCounts;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@code Weft.async} body that reached {@code Weft.async} at run time: the weaver did not rewrite
 * its call site (the class was not woven, or the weaver left that body alone), so it runs as a
 * stackful coroutine. Each one is counted ({@link BodyCounts}); the first in the JVM logs a notice
 * (System.Logger {@code dev.weft.coro}, INFO) naming the class, so a program built without the
 * weaver by mistake finds out. State: {@code NOTICED} goes from false to true once (a CAS).
 *
 * {@snippet :
 * UnwovenBody.runsStackful(body); // in Weft.async, before the coroutine is made
 * }
 */
public final class UnwovenBody {
    private static final System.Logger LOG = System.getLogger("dev.weft.coro");
    private static final AtomicBoolean NOTICED = new AtomicBoolean();

    private UnwovenBody() {}

    /**
     * Counts a body about to run stackful and, the first time in this JVM, logs the notice.
     *
     * @param body the body passed to {@code Weft.async}
     */
    public static void runsStackful(Object body) {
        BodyCounts.stackful();
        if (NOTICED.get() || !NOTICED.compareAndSet(false, true)) return;
        LOG.log(System.Logger.Level.INFO, notice(body));
    }

    /** @return the notice for the first stackful body, {@code body} */
    static String notice(Object body) {
        String owner = ownerOf(body.getClass().getName());
        return "Weft.async bodies run as stackful coroutines, not as woven state machines: the first one, in "
                + owner + ", reached Weft.async at run time because " + owner + " was not woven. If you meant to "
                + "weave, add the weft-weaver Maven plugin (goal weave) to the build, or run with its java agent; "
                + "RuntimeMetrics.wovenBodies() and stackfulBodies() count both kinds. If stackful is meant, "
                + "call Coroutine.async, which says so (this notice is logged once per JVM).";
    }

    /** @return the class that wrote a lambda, from the lambda's class name ({@code Foo$$Lambda/0x...}: {@code Foo}) */
    static String ownerOf(String lambdaClass) {
        int i = lambdaClass.indexOf("$$Lambda");
        return i >= 0 ? lambdaClass.substring(0, i) : lambdaClass;
    }
}
