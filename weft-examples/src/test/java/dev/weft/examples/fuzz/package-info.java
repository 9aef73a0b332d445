/**
 * Test kit: seeded generation and shrinking for the fuzz tests of the example servers.
 *
 * <p>A generator is a function of a {@link dev.weft.examples.fuzz.Draw}, which draws every choice
 * from one seed; it returns a {@link dev.weft.examples.fuzz.Chunked} input (bytes and where reads
 * split them). A {@link dev.weft.examples.fuzz.Property} answers what broke on an input, or null.
 * {@link dev.weft.examples.fuzz.Fuzz} runs a property over generated inputs as JUnit dynamic
 * tests named by their seeds, and on a violation shrinks the input (fewer cuts, fewer and simpler
 * bytes) and prints it. The conventions follow the weaver's generated-body tests: a fresh base seed
 * each run, {@code -D<name>.seed=S} to replay, {@code -D<name>.tries=N} to scale a hand run.
 */
package dev.weft.examples.fuzz;
