package dev.weft.recipes.bench;

/**
 * One way of running the benchmark's query, {@link QueryBench#TASKS} at a time: the number of
 * queries answered until the deadline.
 */
interface Contender extends AutoCloseable {
    /** @return the name printed in the results */
    String name();

    /**
     * Runs {@link QueryBench#TASKS} concurrent loops of the query until {@code deadlineNanos}
     * ({@code System.nanoTime()}), each checking its answers.
     *
     * @param deadlineNanos when the loops stop starting queries
     * @return the queries answered
     * @throws Exception if a query failed
     */
    long run(long deadlineNanos) throws Exception;

    /** Stops what the contender started (its runtime, its connections). */
    @Override
    void close();
}
