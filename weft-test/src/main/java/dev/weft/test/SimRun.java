package dev.weft.test;

import dev.weft.sim.SimRuntime;
import java.time.Duration;

/**
 * The simulation of one test invocation, kept in the invocation's extension store: built at the
 * first parameter that asks for it (or when the body starts), closed when the body ends (or by
 * the store, if the body never ran).
 *
 * <p>State: {@code sim} set once by the first caller ({@code JUnit}'s store computes it once);
 * {@code traceHash} and {@code elapsed} written by the thread that ran the body after the run,
 * read by the exception handler on the same thread.
 *
 * {@snippet :
 * SimRun run = new SimRun(plan);
 * run.sim().run(body);
 * run.finish();
 * }
 */
final class SimRun implements AutoCloseable {
    private final SimPlan plan;
    private SimRuntime sim;
    private long traceHash;
    private Duration elapsed = Duration.ZERO;
    private boolean finished;

    SimRun(SimPlan plan) {
        this.plan = plan;
    }

    SimPlan plan() {
        return plan;
    }

    synchronized SimRuntime sim() {
        if (sim == null) sim = plan.build();
        return sim;
    }

    /** Records the trace hash and virtual time of the run, then closes the simulation. */
    synchronized void finish() {
        if (finished) return;
        finished = true;
        SimRuntime s = sim();
        traceHash = s.traceHash();
        elapsed = s.clock().elapsed();
        s.close();
    }

    synchronized long traceHash() {
        return traceHash;
    }

    synchronized Duration elapsed() {
        return elapsed;
    }

    @Override
    public synchronized void close() {
        if (sim != null) sim.close();
    }
}
