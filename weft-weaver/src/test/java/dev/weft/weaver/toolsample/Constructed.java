package dev.weft.weaver.toolsample;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Bodies that await among a constructor's arguments, for the agent's JVM, where each class is
 * initialized once: the order of {@link #ORDER} shows that the class is initialized before the
 * arguments run, woven as unwoven.
 */
public final class Constructed {
    /** What ran, in order: the class's initializer and the arguments. */
    public static final List<String> ORDER = new ArrayList<>();

    private Constructed() {}

    /**
     * @param value awaited as the second argument
     * @return the object's text
     */
    public static Future<String> make(Future<String> value) {
        return Weft.async(() -> new Made(note("argument"), await(value)).toString());
    }

    /**
     * @param k 1 awaits {@code value} in a try arm of a switch expression that is a constructor argument
     * @param value awaited there
     * @return the object's text
     */
    public static Future<String> chosen(int k, Future<String> value) {
        return Weft.async(() -> new Made(note("k=" + k), switch (k) {
            case 1 -> {
                try {
                    yield await(value);
                } catch (IllegalStateException e) {
                    yield "caught";
                }
            }
            default -> "other";
        }).toString());
    }

    private static String note(String what) {
        ORDER.add(what);
        return what;
    }

    /** Notes its initialization. */
    private static final class Made {
        static {
            ORDER.add("init Made");
        }

        private final String text;

        Made(String a, String b) {
            text = "Made(" + a + ", " + b + ")";
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
