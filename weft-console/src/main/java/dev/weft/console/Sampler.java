package dev.weft.console;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.management.AttributeNotFoundException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Reads every Weft runtime of a JVM: finds the MBeans named {@code dev.weft:type=Runtime,*} and
 * reads each one's attributes, worker table and task table (open data: no Weft classes needed
 * here), each task with its scope path and context. A runtime that closes between the query and
 * the read is left out of the sample.
 *
 * {@snippet :
 * for (Sample s : Sampler.sampleAll(connector.getMBeanServerConnection())) System.out.println(s.runtime());
 * }
 */
final class Sampler {
    private Sampler() {}

    /**
     * @param server the JVM's MBean server
     * @return one sample per runtime, by name
     * @throws IOException if the connection failed
     */
    static List<Sample> sampleAll(MBeanServerConnection server) throws IOException {
        List<Sample> out = new ArrayList<>();
        TreeSet<ObjectName> names;
        try {
            names = new TreeSet<>(server.queryNames(new ObjectName("dev.weft:type=Runtime,*"), null));
        } catch (JMException e) {
            throw new IllegalStateException("the query pattern is malformed", e);
        }
        for (ObjectName n : names) {
            try {
                out.add(sample(server, n));
            } catch (InstanceNotFoundException gone) {
                // the runtime closed meanwhile
            } catch (JMException e) {
                throw new IOException("cannot read " + n + ": " + e, e);
            }
        }
        return out;
    }

    private static Sample sample(MBeanServerConnection server, ObjectName n) throws JMException, IOException {
        String name = (String) server.getAttribute(n, "Name");
        boolean stats = (Boolean) server.getAttribute(n, "TaskStats");
        long live = (Long) server.getAttribute(n, "LiveTasks");
        List<Sample.Worker> workers = new ArrayList<>();
        for (CompositeData w : (CompositeData[]) server.getAttribute(n, "WorkerTable")) {
            workers.add(new Sample.Worker((String) w.get("name"), (Long) w.get("polls"), (Long) w.get("busyNanos"),
                    (Integer) w.get("localQueueDepth")));
        }
        List<Sample.Task> tasks = new ArrayList<>();
        for (CompositeData t : (CompositeData[]) server.invoke(n, "taskTable", null, null)) {
            tasks.add(new Sample.Task((String) t.get("id"), (String) t.get("state"), (Long) t.get("inStateNanos"),
                    (Long) t.get("busyNanos"), (Long) t.get("scheduledNanos"), (Long) t.get("idleNanos"), (Long) t.get("polls"),
                    (Long) t.get("wakes"), (Long) t.get("selfWakes"), (Long) t.get("longestPollNanos"),
                    (String) t.get("spawnSite"), (String) t.get("waitsOn"), text(t, "scopes"), text(t, "context")));
        }
        String[] blocked = (String[]) optional(server, n, "BlockedWorkerReports", new String[0]);
        return new Sample(name, stats, live, workers, tasks, System.nanoTime(), List.of(blocked),
                (Long) optional(server, n, "WovenBodies", 0L), (Long) optional(server, n, "StackfulBodies", 0L));
    }

    /** @return the attribute, or {@code absent} if the runtime has none (its Weft is older than the attribute) */
    private static Object optional(MBeanServerConnection server, ObjectName n, String attribute, Object absent)
            throws JMException, IOException {
        try {
            return server.getAttribute(n, attribute);
        } catch (AttributeNotFoundException older) {
            return absent;
        }
    }

    /** @return the item {@code key} of a row, or empty if the row has none (a runtime older than the item) */
    private static String text(CompositeData row, String key) {
        return row.containsKey(key) ? (String) row.get(key) : "";
    }
}
