package dev.weft.weaver.diff.gen;

import java.util.List;

/**
 * One generated body: statements that {@link Renderer} turns into the text shared by the async
 * method and its blocking twin of a class of its own.
 *
 * @param statements the body's statements
 */
record GeneratedBody(List<Stmt> statements) {
    private static final String IMPORTS = """
            import static dev.weft.Weft.await;

            import dev.weft.Weft;
            import dev.weft.future.Future;
            import dev.weft.weaver.testkit.Probe;
            import java.util.concurrent.Callable;
            """;

    /**
     * @param packageName the class's package
     * @param simpleName the class's name
     * @return a class with {@code body(Probe)} and {@code bodyBlocking(Probe)} (see
     *     {@link dev.weft.weaver.testkit.BodyMethods})
     */
    String source(String packageName, String simpleName) {
        String text = Renderer.body(statements, 3);
        return "package " + packageName + ";\n\n" + IMPORTS + "\npublic final class " + simpleName + " {\n"
                + "    public static Future<String> body(Probe p) {\n"
                + "        return Weft.async(() -> {\n" + text + "        });\n    }\n\n"
                + "    public static Callable<String> bodyBlocking(Probe p) {\n"
                + "        return () -> {\n" + text + "        };\n    }\n}\n";
    }

    /** @return the body's text, as shrinking shows it */
    @Override
    public String toString() {
        return "\n" + Renderer.body(statements, 1);
    }
}
