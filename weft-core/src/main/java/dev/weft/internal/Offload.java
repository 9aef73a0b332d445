package dev.weft.internal;

import dev.weft.future.Future;
import java.util.concurrent.Callable;

/**
 * Where a layer below {@code blocking} sends a blocking call it cannot avoid (a host-name lookup
 * for {@code connect(host, port)}): the runtime registers its blocking pool under {@link #KEY}, so
 * the call never runs on a worker. The {@code net} layer cannot name the pool, which sits above it.
 *
 * {@snippet :
 * Offload off = Drivers.currentOrNull(Offload.KEY);
 * Future<InetAddress> addr = off.offload(() -> InetAddress.getByName(host));
 * }
 */
@FunctionalInterface
public interface Offload {
    /** The kind of driver under which a runtime registers its offload. */
    Drivers.Key<Offload> KEY = Drivers.key(Offload.class);

    /**
     * Runs {@code job} off the workers.
     *
     * @param job the blocking call
     * @param <T> its result type
     * @return a future of its result (cancelling it before the job started drops the job)
     */
    <T> Future<T> offload(Callable<T> job);
}
