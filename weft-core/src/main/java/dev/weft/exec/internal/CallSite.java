package dev.weft.exec.internal;

import java.util.Set;

/**
 * Picks the user's call in a sampled worker stack: the topmost frame that is neither Weft's own
 * (the packages of the layers, {@code dev.weft.<layer>} and their {@code .internal} packages, and
 * the front door {@code dev.weft.Weft}) nor the JDK's ({@code java.}, {@code javax.}, {@code jdk.},
 * {@code sun.}, {@code com.sun.}). A woven body's frames are the user's: the weaver keeps the body
 * in the user's class, and its state class is in the user's package.
 *
 * {@snippet :
 * StackTraceElement site = CallSite.of(worker.getStackTrace(), depth); // e.g. MyServer.handle(MyServer.java:42)
 * }
 */
public final class CallSite {
    /** The layers of weft-core, as the layering test lists them (it checks that this set matches). */
    public static final Set<String> WEFT_LAYERS = Set.of("future", "internal", "driver", "task", "time", "io", "net",
            "blocking", "sync", "exec", "fs", "coro", "scope", "flow");
    private static final String[] JDK = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    private CallSite() {}

    /**
     * @param stack a stack, innermost frame first
     * @param depth how many of its frames to look at (the frames of the poll; what is below is the worker's loop)
     * @return the topmost user frame among the first {@code depth}, else the topmost frame that is
     *     not the JDK's, else the topmost frame
     */
    public static StackTraceElement of(StackTraceElement[] stack, int depth) {
        StackTraceElement notJdk = null;
        for (int i = 0; i < depth; i++) {
            String c = stack[i].getClassName();
            if (isJdk(c)) continue;
            if (!isWeft(c)) return stack[i];
            if (notJdk == null) notJdk = stack[i];
        }
        return notJdk != null ? notJdk : stack[0];
    }

    /** @return whether {@code className} is a class of weft-core */
    public static boolean isWeft(String className) {
        if (!className.startsWith("dev.weft.")) return false;
        String rest = className.substring("dev.weft.".length());
        int dot = rest.indexOf('.');
        if (dot < 0) return rest.equals("Weft") || rest.startsWith("Weft$");
        return WEFT_LAYERS.contains(rest.substring(0, dot));
    }

    private static boolean isJdk(String className) {
        for (String p : JDK) if (className.startsWith(p)) return true;
        return false;
    }
}
