package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.weaver.testkit.Probe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code synchronized} blocks without awaits inside bodies that await around them: the weaver must
 * not mistake an await in an enclosing {@code finally} for one inside the monitor (javac's
 * catch-all handler of the block comes first in the exception table, so an exception in the block
 * never reaches the outer handler while the monitor is held). Each body {@code X} has a blocking
 * twin {@code XBlocking} with the same text.
 */
public final class SynchronizedBlocks {
    private SynchronizedBlocks() {}

    /** A synchronized block in a try whose finally awaits. */
    public static Future<String> synchronizedBlockInATryWhoseFinallyAwaits(Probe p) {
        return Weft.async(() -> {
            List<String> list = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    String v = await(p.later("v" + i, 1));
                    synchronized (list) {
                        list.add(v);
                    }
                }
            } finally {
                p.log("finally sees " + list + " then " + await(p.remote("done")));
            }
            return list.toString();
        });
    }

    public static Callable<String> synchronizedBlockInATryWhoseFinallyAwaitsBlocking(Probe p) {
        return () -> {
            List<String> list = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    String v = await(p.later("v" + i, 1));
                    synchronized (list) {
                        list.add(v);
                    }
                }
            } finally {
                p.log("finally sees " + list + " then " + await(p.remote("done")));
            }
            return list.toString();
        };
    }
}
