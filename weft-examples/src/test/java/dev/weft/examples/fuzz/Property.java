package dev.weft.examples.fuzz;

/**
 * What must hold for every generated input. An exception or error it throws counts as a violation
 * too, so a check may simply call the code under test and let what escapes it escape.
 *
 * {@snippet :
 * Property neverEmpty = in -> in.length() > 0 ? null : "empty input";
 * neverEmpty.check(Chunked.whole(new byte[0])); // "empty input"
 * }
 */
@FunctionalInterface
public interface Property {
    /**
     * @param input the input
     * @return null if the property holds, else what broke it
     * @throws Exception if the code under test threw it (a violation)
     */
    String violation(Chunked input) throws Exception;

    /**
     * @param input the input
     * @return null if the property holds, else what broke it, or what it threw
     * @throws IllegalStateException if the thread was interrupted (the try timed out): no more checks
     */
    default String check(Chunked input) {
        if (Thread.currentThread().isInterrupted()) throw new IllegalStateException("interrupted: the try timed out");
        try {
            return violation(input);
        } catch (Exception | Error e) {
            return "threw " + e;
        }
    }
}
