package dev.weft.test;

import java.time.Duration;

/**
 * Attached (as a suppressed exception) to the failure of a {@link WeftTest} or {@link WeftSim}
 * run: which seed failed, the trace hash of the failing run and how to replay it. Its message ends
 * with {@code replay with -Dweft.sim.seed=K}; a replay with that seed makes the same choices and
 * ends with the same trace hash.
 *
 * {@snippet :
 * for (Throwable s : failure.getSuppressed()) {
 *     if (s instanceof SeedReplay r) System.out.println(r.seed() + " " + Long.toHexString(r.traceHash()));
 * }
 * }
 */
public final class SeedReplay extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The seed of the failing run. */
    private final long seed;
    /** Its trace hash when it failed. */
    private final long traceHash;

    SeedReplay(long seed, long traceHash, Duration virtualTime) {
        super("seed " + seed + " failed (trace hash " + Long.toHexString(traceHash) + ", at virtual time "
                + virtualTime + "): replay with -Dweft.sim.seed=" + seed, null, false, false);
        this.seed = seed;
        this.traceHash = traceHash;
    }

    /** @return the seed of the failing run */
    public long seed() {
        return seed;
    }

    /** @return the trace hash of the failing run when it failed */
    public long traceHash() {
        return traceHash;
    }
}
