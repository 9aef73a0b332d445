package dev.weft.weaver.testkit;

import dev.weft.future.Future;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;

/**
 * Calls a differential body by name. A body {@code name} is a pair of public static methods of one
 * class with the same body text: {@code Future<String> name(Probe p)}, which passes it to
 * {@code Weft.async} (woven or stackful, by the class's loader), and
 * {@code Callable<String> nameBlocking(Probe p)}, which returns it as a plain lambda whose awaits
 * block.
 *
 * {@snippet :
 * Future<String> f = BodyMethods.future(wovenLoops, "forWithBreakAndContinue", new Probe());
 * Callable<String> c = BodyMethods.blocking(Loops.class, "forWithBreakAndContinue", new Probe());
 * }
 */
public final class BodyMethods {
    /** What a body's blocking twin is called: the body's name and this suffix. */
    public static final String BLOCKING_SUFFIX = "Blocking";

    private BodyMethods() {}

    /**
     * @param bodies the class holding the body
     * @param name the body's name
     * @param probe the probe it talks to
     * @return the future {@code name(probe)} returns (nothing has run yet)
     */
    @SuppressWarnings("unchecked")
    public static Future<String> future(Class<?> bodies, String name, Probe probe) {
        return (Future<String>) call(bodies, name, probe);
    }

    /**
     * @param bodies the class holding the body
     * @param name the body's name
     * @param probe the probe it talks to
     * @return the callable {@code nameBlocking(probe)} returns (nothing has run yet)
     */
    @SuppressWarnings("unchecked")
    public static Callable<String> blocking(Class<?> bodies, String name, Probe probe) {
        return (Callable<String>) call(bodies, name + BLOCKING_SUFFIX, probe);
    }

    private static Object call(Class<?> bodies, String method, Probe probe) {
        Method m;
        try {
            m = bodies.getMethod(method, Probe.class);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(bodies.getName() + " has no public method " + method + "(Probe)", e);
        }
        try {
            return m.invoke(null, probe);
        } catch (InvocationTargetException e) {
            throw new AssertionError(bodies.getName() + "." + method + "(Probe) threw instead of returning the body",
                    e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(bodies.getName() + "." + method + "(Probe) is not accessible", e);
        }
    }
}
