package dev.weft.weaver.diff.gen;

import java.util.List;

/**
 * One generated body: statements that {@link Renderer} turns into the text shared by the async
 * method and its blocking twin of a class of its own, the shape of the {@code Weft.async} call
 * that gets it, and the classes it can make with {@code new}.
 *
 * @param statements the body's statements
 * @param site how the body's lambda reaches {@code Weft.async}
 * @param throwing which of the generated classes {@code N1 .. N3} have a static initializer
 *     that throws (bit {@code k} for {@code Nk}; {@code N0}'s never does)
 * @param stopAt for a program run as a task and cancelled ({@link CancelledRuns}): at which
 *     suspension of its lane ({@code dev.weft.weaver.testkit.Probe#stopAt}), 0 for at a parked
 *     await only; -1 for a body that runs to its end
 */
record GeneratedBody(List<Stmt> statements, Site site, int throwing, int stopAt) {
    /** How many classes {@code N0 ..} each body has. */
    static final int CLASSES = 4;

    private static final String IMPORTS = """
            import static dev.weft.Weft.await;

            import dev.weft.Weft;
            import dev.weft.future.Future;
            import dev.weft.time.Time;
            import dev.weft.weaver.testkit.Probe;
            import java.time.Duration;
            import java.util.concurrent.Callable;
            import java.util.concurrent.TimeoutException;
            """;

    /** @param statements a body passed to {@code Weft.async} as it is, making no class that fails */
    GeneratedBody(List<Stmt> statements) {
        this(statements, Site.PLAIN, 0, -1);
    }

    /** How the body's lambda reaches {@code Weft.async}; every shape chooses the body's lambda. */
    enum Site {
        /** {@code Weft.async(() -> body)}. */
        PLAIN,
        /** {@code Weft.async((Callable<String>) (Object) (Callable<String>) () -> body)}: a checked cast. */
        CAST,
        /** {@code Weft.async(c ? () -> body : () -> other)}, the other lambda awaiting too. */
        FIRST_OF_TWO,
        /** {@code Weft.async(c ? () -> other : () -> body)}. */
        SECOND_OF_TWO,
        /** {@code Weft.async(c ? () -> body : () -> "plain")}: the other lambda does not await. */
        BESIDE_PLAIN,
        /** {@code Weft.async(switch (k) { case 0 -> .. ; case 1 -> () -> body; default -> .. })}. */
        SWITCH
    }

    /** @return whether {@code Nk}'s initializer throws */
    boolean throwsInInit(int k) {
        return k > 0 && (throwing & (1 << k)) != 0;
    }

    /**
     * @param packageName the class's package
     * @param simpleName the class's name
     * @return a class with {@code body(Probe)} and {@code bodyBlocking(Probe)} (see
     *     {@link dev.weft.weaver.testkit.BodyMethods}), and the classes {@code N0 ..} its body
     *     makes, whose initializers log into the probe of the run that loaded the class: each run
     *     must load it afresh
     */
    String source(String packageName, String simpleName) {
        String lambda = "() -> {\n" + Renderer.body(statements, 3, this) + "        }";
        String argument = switch (site) {
            case PLAIN -> lambda;
            case CAST -> "(Callable<String>) (Object) (Callable<String>) " + lambda;
            case FIRST_OF_TWO -> "p.seen(\"pick\", true) ? " + lambda + " : () -> \"other \" + await(p.ready(1))";
            case SECOND_OF_TWO -> "p.seen(\"pick\", false) ? () -> \"other \" + await(p.ready(1)) : " + lambda;
            case BESIDE_PLAIN -> "p.seen(\"pick\", true) ? " + lambda + " : () -> \"plain\"";
            case SWITCH -> "switch (p.seen(\"k\", 1)) {\n            case 0 -> () -> \"zero\";\n            case 1 -> " + lambda
                    + ";\n            default -> () -> \"many \" + await(p.later(2, 1));\n        }";
        };
        StringBuilder classes = new StringBuilder();
        for (int k = 0; k < CLASSES; k++) classes.append(generatedClass(k));
        return "package " + packageName + ";\n\n" + IMPORTS + "\npublic final class " + simpleName + " {\n"
                + "    static Probe current;\n\n"
                + "    public static Future<String> body(Probe p) {\n        current = p;\n"
                + "        return Weft.async(" + argument + ");\n    }\n\n"
                + "    public static Callable<String> bodyBlocking(Probe p) {\n        current = p;\n"
                + "        return " + argument + ";\n    }\n" + classes + "}\n";
    }

    private String generatedClass(int k) {
        String fails = throwsInInit(k) ? "            if (current != null) throw new IllegalStateException(\"N" + k
                + "'s initializer fails\");\n" : "";
        return "\n    static final class N" + k + " {\n        static {\n            current.log(\"init N" + k + "\");\n"
                + fails + "        }\n\n        private final String text;\n\n        N" + k + "(Object a, Object b) {\n"
                + "            current.log(\"new N" + k + "\");\n            text = \"N" + k + "(\" + a + \", \" + b + \")\";\n"
                + "        }\n\n        @Override\n        public String toString() {\n            return text;\n        }\n    }\n";
    }

    /** @return the body's text, as shrinking shows it */
    @Override
    public String toString() {
        StringBuilder failing = new StringBuilder();
        for (int k = 0; k < CLASSES; k++) {
            if (throwsInInit(k)) failing.append(" N").append(k);
        }
        String stop = stopAt < 0 ? "" : ", cancelled at " + (stopAt == 0 ? "a parked await" : "suspension " + stopAt);
        return "\nsite " + site + ", initializers failing:" + (failing.isEmpty() ? " none" : failing) + stop + "\n"
                + Renderer.body(statements, 1, this);
    }
}
