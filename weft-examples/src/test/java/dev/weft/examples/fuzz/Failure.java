package dev.weft.examples.fuzz;

import java.util.function.Supplier;

/**
 * An input that broke a property, as the fuzzer found it.
 *
 * @param seed the seed of the try that drew it
 * @param index which input of the try it is, from 0
 * @param input the input
 * @param violation what broke
 */
public record Failure(long seed, int index, Chunked input, String violation) {
    /**
     * What {@link #shrink} reached.
     *
     * @param from the failure shrunk
     * @param input the smallest input found that still fails
     * @param violation what it breaks
     * @param checks how many candidates were checked
     * @param stoppedEarly whether shrinking ran out of budget before it ran out of candidates
     */
    public record Shrunk(Failure from, Chunked input, String violation, int checks, boolean stoppedEarly) {
        /** @return the failure and this, for a test's failure message */
        public String report() {
            return from.report(this);
        }
    }

    /**
     * @param property a fresh instance of the property each call, as the try made it
     * @return the input made as small as it can be while it still fails, or null if it does not
     *     fail on its own (it failed only after the inputs before it in its try)
     */
    public Shrunk shrink(Supplier<Property> property) {
        if (property.get().check(input) == null) return null;
        Shrinker.Result r = Shrinker.shrink(input, c -> property.get().check(c) != null);
        return new Shrunk(this, r.input(), property.get().check(r.input()), r.checks(), r.stoppedEarly());
    }

    /** @return the failure and its shrunk form, for a test's failure message */
    public String report(Shrunk shrunk) {
        String found = "input " + index + " of seed " + seed + " fails: " + violation + "\n  input: " + input;
        if (shrunk == null) return found + "\n  (it passes on its own: it fails only after the inputs before it)";
        return found + "\n  shrunk (" + shrunk.checks() + " checks" + (shrunk.stoppedEarly() ? ", stopped early" : "")
                + ") to: " + shrunk.input() + "\n  which fails: " + shrunk.violation();
    }
}
