package dev.weft.blocking.internal;

import dev.weft.blocking.BlockingPool;
import dev.weft.internal.Drivers;

/** Where a runtime's {@link Drivers} keep its blocking pool. */
public final class PoolKey {
    /** The key of a runtime's blocking pool. */
    public static final Drivers.Key<BlockingPool> KEY = Drivers.key(BlockingPool.class);

    private PoolKey() {}
}
