/**
 * The soak and fault harness (hours of load with hostile peers beside it), run by hand ({@code weft-bench/soak}, see
 * {@code weft-bench/SOAK.md}), never in the default build: {@link dev.weft.bench.soak.Soak} starts
 * the woven echo server in a JVM of its own ({@link dev.weft.bench.soak.SoakServer}, driven by
 * {@link dev.weft.bench.soak.ServerProcess}) and runs the load from its own JVM: the soak
 * ({@link dev.weft.bench.soak.SoakRun}), the hostile-peer matrix
 * ({@link dev.weft.bench.soak.HostileMatrix}), the same over TLS against a TLS echo server
 * ({@link dev.weft.bench.soak.TlsHostileMatrix}) and the selector spin guard
 * ({@link dev.weft.bench.soak.SpinGuard}).
 */
package dev.weft.bench.soak;
