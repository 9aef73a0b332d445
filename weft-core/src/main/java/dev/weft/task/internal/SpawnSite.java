package dev.weft.task.internal;

import java.security.CodeSource;

/**
 * Where a task is spawned: the first frame of the spawning thread's stack whose class is neither
 * weft-core's (the same code source as this class: its jar or classes directory) nor the JDK's
 * (loaded by the boot or platform loader), as {@code Class.method(File.java:line)}. Walking the
 * stack costs microseconds, so only tasks with statistics on pay it ({@link TaskStats#attach}).
 *
 * {@snippet :
 * String site = SpawnSite.ofCaller(); // e.g. "app.Server.lambda$accept$0(Server.java:42)"
 * }
 */
final class SpawnSite {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final CodeSource CORE = TaskStats.class.getProtectionDomain().getCodeSource();
    private static final ClassValue<Boolean> SKIPPED = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            ClassLoader l = c.getClassLoader();
            if (l == null || l == ClassLoader.getPlatformClassLoader()) return true;
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            return CORE != null && cs != null && CORE.getLocation().equals(cs.getLocation());
        }
    };

    private SpawnSite() {}

    /** @return the spawning code's frame, or {@code "unknown"} if every frame is weft-core's or the JDK's */
    static String ofCaller() {
        return WALKER.walk(frames -> frames
                .filter(f -> !SKIPPED.get(f.getDeclaringClass()))
                .findFirst()
                .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")")
                .orElse("unknown"));
    }
}
