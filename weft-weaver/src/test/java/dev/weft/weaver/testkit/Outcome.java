package dev.weft.weaver.testkit;

import java.util.List;

/**
 * What one run of a body gave, in the terms the differential compares: the returned string, or
 * the exception it ended with (class and message, and those of its causes), the probe's event log
 * and how many of the probe's futures were cancelled.
 *
 * {@snippet :
 * Outcome o = Outcome.returned("42", probe);
 * Outcome f = Outcome.threw(new IllegalStateException("no"), probe);
 * }
 *
 * @param value what the body returned; {@code null} if it threw
 * @param failure the exception it ended with ({@code "java.lang.IllegalStateException: no"}, one line
 *     per cause), or {@code null} if it returned
 * @param events the probe's log
 * @param cancels how many of the probe's futures were cancelled
 */
public record Outcome(String value, String failure, List<String> events, int cancels) {

    /**
     * @param value what the body returned
     * @param probe the run's probe
     * @return the outcome of a body that returned {@code value}
     */
    public static Outcome returned(String value, Probe probe) {
        return new Outcome(value, null, probe.events(), probe.cancels());
    }

    /**
     * @param failure what the body ended with, as the awaiting code sees it
     * @param probe the run's probe
     * @return the outcome of a body that threw
     */
    public static Outcome threw(Throwable failure, Probe probe) {
        return new Outcome(null, describe(failure), probe.events(), probe.cancels());
    }

    /**
     * The failure as {@code Weft.blockOn} would show it: as {@code Callable.call()} threw it, checked
     * or not (nothing is wrapped).
     *
     * @param failure what {@code Callable.call()} threw
     * @param probe the run's probe
     * @return the outcome
     */
    public static Outcome threwFromCall(Throwable failure, Probe probe) {
        return threw(failure, probe);
    }

    private static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder(t.getClass().getName()).append(": ").append(t.getMessage());
        Throwable c = t.getCause();
        for (int depth = 0; c != null && depth < 8; depth++, c = c.getCause()) {
            sb.append("\n    caused by ").append(c.getClass().getName()).append(": ").append(c.getMessage());
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return (failure == null ? "returned " + value : "threw " + failure) + "\n  events  " + events
                + "\n  cancels " + cancels;
    }
}
