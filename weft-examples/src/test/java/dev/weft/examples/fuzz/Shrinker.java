package dev.weft.examples.fuzz;

import java.util.function.Predicate;

/**
 * Makes a failing input smaller while it still fails, in passes repeated until none helps: fewer
 * cuts (all of them, then one at a time); shorter bytes (halves, quarters and so on down to single
 * bytes, each stretch removed where it stands, then runs of one to {@value #MAX_LINES} lines
 * removed at every line, as the protocols here are made of lines); and simpler bytes (a digit
 * tried as each smaller digit, any other byte that is not a lower-case letter as {@code 'a'}).
 * The first smaller input that still fails is kept at each step. Shrinking stops early after
 * {@value #MAX_CHECKS} checks or {@value #MAX_SECONDS} seconds.
 */
final class Shrinker {
    private static final int MAX_CHECKS = 20_000;
    private static final int MAX_SECONDS = 10;
    private static final int MAX_LINES = 4;

    private final Predicate<Chunked> fails;
    private final long deadline = System.nanoTime() + MAX_SECONDS * 1_000_000_000L;
    private Chunked current;
    private int checks;

    private Shrinker(Chunked failing, Predicate<Chunked> fails) {
        this.current = failing;
        this.fails = fails;
    }

    /**
     * What shrinking reached.
     *
     * @param input the smallest failing input found
     * @param checks how many candidates were checked
     * @param stoppedEarly whether the budget ran out before no pass helped any more
     */
    record Result(Chunked input, int checks, boolean stoppedEarly) {}

    /**
     * @param failing an input for which {@code fails} holds
     * @param fails whether an input still shows the failure
     * @return the smallest failing input reached
     */
    static Result shrink(Chunked failing, Predicate<Chunked> fails) {
        Shrinker s = new Shrinker(failing, fails);
        boolean progress = true;
        while (progress && !s.spent()) {
            progress = s.fewerCuts();
            progress |= s.shorter();
            progress |= s.fewerLines();
            progress |= s.simpler();
        }
        return new Result(s.current, s.checks, s.spent());
    }

    private boolean fewerCuts() {
        if (current.cuts().length > 1 && kept(Chunked.whole(current.bytes()))) return true;
        boolean progress = false;
        for (int i = current.cuts().length - 1; i >= 0; i--) progress |= kept(current.withoutCut(i));
        return progress;
    }

    private boolean shorter() {
        boolean progress = false;
        for (int k = Integer.highestOneBit(Math.max(1, current.length())); k >= 1; k /= 2) {
            for (int from = 0; from < current.length(); ) {
                if (kept(current.without(from, Math.min(current.length(), from + k)))) progress = true;
                else from += k;
            }
        }
        return progress;
    }

    private boolean fewerLines() {
        boolean progress = false;
        for (int lines = MAX_LINES; lines >= 1; lines--) {
            for (int from = 0; from < current.length(); ) {
                int to = from;
                for (int n = 0; n < lines && to < current.length(); n++) to = lineEnd(to);
                if (kept(current.without(from, to))) progress = true;
                else from = lineEnd(from);
            }
        }
        return progress;
    }

    /** @return the index after the LF that ends the line from {@code from}, or the end */
    private int lineEnd(int from) {
        byte[] b = current.bytes();
        int i = from;
        while (i < b.length && b[i] != '\n') i++;
        return Math.min(b.length, i + 1);
    }

    private boolean simpler() {
        boolean progress = false;
        for (int i = 0; i < current.length(); i++) {
            byte b = current.bytes()[i];
            if (b > '0' && b <= '9') {
                for (byte smaller = '0'; smaller < b; smaller++) {
                    if (kept(current.with(i, smaller))) {
                        progress = true;
                        break;
                    }
                }
            } else if (!(b >= 'a' && b <= 'z' || b == '0')) {
                progress |= kept(current.with(i, (byte) 'a'));
            }
        }
        return progress;
    }

    /** Checks {@code candidate}; keeps it if it still fails. */
    private boolean kept(Chunked candidate) {
        if (spent()) return false;
        checks++;
        if (!fails.test(candidate)) return false;
        current = candidate;
        return true;
    }

    private boolean spent() {
        return checks >= MAX_CHECKS || System.nanoTime() - deadline > 0;
    }
}
