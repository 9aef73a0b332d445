package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.SynchronizedBlocks;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A synchronized block inside a try whose finally awaits is woven and runs as stackful and
 * blocking code does (before: refused as an await inside the monitor, since the weaver followed an
 * exception edge from the block to the outer finally that the JVM never takes).
 */
@Timeout(120)
class SynchronizedBlocksTest extends DifferentialTestBase {
    @Test
    void anAwaitInAFinallyAroundASynchronizedBlockIsWovenAndRunsTheSame() {
        diff.check(SynchronizedBlocks.class, "synchronizedBlockInATryWhoseFinallyAwaits");
    }
}
