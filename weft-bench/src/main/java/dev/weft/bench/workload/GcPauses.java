package dev.weft.bench.workload;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The garbage-collector pauses that fall inside one measured pass, for the {@code extra} field of a
 * workload's RESULT line: {@code gcPauses=<count>,gcPauseMs=<sum>,maxPauseMs=<longest>}.
 *
 * <p>Count and sum are the deltas of the {@link GarbageCollectorMXBean}s across the pass. Under G1
 * each of its beans counts pauses: young and mixed collections, full collections, and the remark
 * and cleanup pauses of a concurrent cycle (the concurrent work itself is not counted). ZGC and
 * Shenandoah have a bean for their pauses and one for their concurrent cycles ({@code ... Cycles});
 * the cycle beans are left out. The longest
 * pause comes from the beans' end-of-collection notifications, kept when their collection number
 * lies between the counts read at the start and at the end of the pass (notifications arrive late,
 * on a JMX thread, so {@link #stop()} waits for them a little). All in whole milliseconds, the
 * beans' resolution.
 *
 * <p>Threads: {@code start} and {@code stop} by the measuring thread; the listener on the JMX
 * notification thread writes {@code durations} under its lock.
 *
 * {@snippet :
 * GcPauses gc = GcPauses.start();
 * runThePass();
 * String extra = gc.stop(); // "gcPauses=2,gcPauseMs=51,maxPauseMs=37"
 * }
 */
final class GcPauses implements NotificationListener {
    private static final long NOTIFICATION_PATIENCE_NANOS = 500_000_000L;

    private final List<GarbageCollectorMXBean> beans = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(b -> !b.getName().endsWith(" Cycles")) // ZGC's and Shenandoah's concurrent cycles: not pauses
            .toList();
    private final Map<String, Long> countAtStart = new HashMap<>();
    private final Map<String, Long> timeAtStart = new HashMap<>();
    /** Collector name and collection number, to that collection's duration in ms; guarded by itself. */
    private final Map<String, Long> durations = new HashMap<>();

    private GcPauses() {}

    /** @return a meter counting from now */
    static GcPauses start() {
        GcPauses g = new GcPauses();
        for (GarbageCollectorMXBean b : g.beans) {
            if (b instanceof NotificationEmitter e) e.addNotificationListener(g, null, null);
        }
        for (GarbageCollectorMXBean b : g.beans) {
            g.countAtStart.put(b.getName(), b.getCollectionCount());
            g.timeAtStart.put(b.getName(), b.getCollectionTime());
        }
        return g;
    }

    /** @return {@code gcPauses=..,gcPauseMs=..,maxPauseMs=..} for the time since {@link #start()} */
    String stop() {
        long pauses = 0;
        long pauseMs = 0;
        Map<String, Long> countAtEnd = new HashMap<>();
        for (GarbageCollectorMXBean b : beans) {
            long c = b.getCollectionCount();
            countAtEnd.put(b.getName(), c);
            pauses += c - countAtStart.get(b.getName());
            pauseMs += b.getCollectionTime() - timeAtStart.get(b.getName());
        }
        long maxMs = 0;
        long seen = 0;
        long deadline = System.nanoTime() + NOTIFICATION_PATIENCE_NANOS;
        while (true) {
            maxMs = 0;
            seen = 0;
            synchronized (durations) {
                for (GarbageCollectorMXBean b : beans) {
                    for (long id = countAtStart.get(b.getName()) + 1; id <= countAtEnd.get(b.getName()); id++) {
                        Long d = durations.get(b.getName() + "#" + id);
                        if (d == null) continue;
                        seen++;
                        maxMs = Math.max(maxMs, d);
                    }
                }
            }
            if (seen == pauses || System.nanoTime() - deadline > 0) break;
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (GarbageCollectorMXBean b : beans) {
            if (b instanceof NotificationEmitter e) {
                try {
                    e.removeNotificationListener(this);
                } catch (ListenerNotFoundException ignored) {
                    // added in start(): cannot happen
                }
            }
        }
        String max = seen == pauses ? Long.toString(maxMs) : "?";
        return String.format(Locale.ROOT, "gcPauses=%d,gcPauseMs=%d,maxPauseMs=%s", pauses, pauseMs, max);
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) return;
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        synchronized (durations) {
            durations.put(info.getGcName() + "#" + info.getGcInfo().getId(), info.getGcInfo().getDuration());
        }
    }
}
