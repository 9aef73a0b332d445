package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.concurrent.Callable;

/**
 * {@code new T(... await(x) ...)} where {@code T} has a static initializer: Java initializes
 * {@code T} when {@code new} runs, before the arguments are evaluated (JLS 15.9.4, 12.4.1), and an
 * initializer that throws stops the expression before its arguments. The initializers log into
 * the probe of the run that loaded this class, so these bodies must be checked with each run
 * loading the class afresh ({@code Differential.checkFresh}). Each body {@code X} has a blocking
 * twin {@code XBlocking} with the same text.
 */
public final class ClassInits {
    /** The probe of the run that loaded this copy of the class; set by each entry point. */
    static Probe current;

    private ClassInits() {}

    /** {@code new Box(a, await(x))}: Box is initialized before {@code a} is evaluated. */
    public static Future<String> newInitializesItsClassBeforeItsArguments(Probe p) {
        current = p;
        return Weft.async(() -> {
            Box b = new Box(p.seen("a", "A"), await(p.later("v", 1)));
            return b + " " + new Box(await(p.remote(2)), p.seen("c", "C"));
        });
    }

    public static Callable<String> newInitializesItsClassBeforeItsArgumentsBlocking(Probe p) {
        current = p;
        return () -> {
            Box b = new Box(p.seen("a", "A"), await(p.later("v", 1)));
            return b + " " + new Box(await(p.remote(2)), p.seen("c", "C"));
        };
    }

    /** {@code new Outer(new Inner(await(x)))}: Outer, then Inner, then the argument. */
    public static Future<String> nestedNewsInitializeOuterClassFirst(Probe p) {
        current = p;
        return Weft.async(() -> {
            Outer o = new Outer(p.seen("o", 1), new Inner(p.seen("x", await(p.remote("X")))));
            return o.toString();
        });
    }

    public static Callable<String> nestedNewsInitializeOuterClassFirstBlocking(Probe p) {
        current = p;
        return () -> {
            Outer o = new Outer(p.seen("o", 1), new Inner(p.seen("x", await(p.remote("X")))));
            return o.toString();
        };
    }

    /**
     * {@code new Broken(await(x))} whose initializer throws: the first attempt fails with
     * {@link ExceptionInInitializerError} before its argument runs, the second with
     * {@link NoClassDefFoundError}, also before its argument.
     */
    public static Future<String> aFailingInitializerStopsTheNewBeforeItsArguments(Probe p) {
        current = p;
        return Weft.async(() -> {
            try {
                p.log("made " + new Broken(p.seen("arg1", await(p.later(1, 1)))));
            } catch (ExceptionInInitializerError e) {
                p.log("first: " + e.getClass().getSimpleName() + " caused by " + e.getCause());
            }
            try {
                p.log("made " + new Broken(p.seen("arg2", await(p.ready(2)))));
            } catch (NoClassDefFoundError e) {
                p.log("second: " + e.getClass().getSimpleName());
            }
            return "after " + await(p.remote("both"));
        });
    }

    public static Callable<String> aFailingInitializerStopsTheNewBeforeItsArgumentsBlocking(Probe p) {
        current = p;
        return () -> {
            try {
                p.log("made " + new Broken(p.seen("arg1", await(p.later(1, 1)))));
            } catch (ExceptionInInitializerError e) {
                p.log("first: " + e.getClass().getSimpleName() + " caused by " + e.getCause());
            }
            try {
                p.log("made " + new Broken(p.seen("arg2", await(p.ready(2)))));
            } catch (NoClassDefFoundError e) {
                p.log("second: " + e.getClass().getSimpleName());
            }
            return "after " + await(p.remote("both"));
        };
    }

    /** Logs its initialization. */
    private static final class Box {
        static {
            current.log("init Box");
        }

        private final String text;

        Box(Object a, Object b) {
            current.log("new Box");
            text = "Box(" + a + ", " + b + ")";
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** Logs its initialization. */
    private static final class Outer {
        static {
            current.log("init Outer");
        }

        private final String text;

        Outer(int n, Inner inner) {
            text = "Outer(" + n + ", " + inner + ")";
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** Logs its initialization. */
    private static final class Inner {
        static {
            current.log("init Inner");
        }

        private final Object value;

        Inner(Object value) {
            this.value = value;
        }

        @Override
        public String toString() {
            return "Inner(" + value + ")";
        }
    }

    /** Its initializer logs and throws. */
    private static final class Broken {
        static {
            current.log("init Broken");
            if (current != null) throw new IllegalStateException("Broken's initializer fails");
        }

        Broken(Object value) {
            current.log("new Broken " + value);
        }
    }
}
