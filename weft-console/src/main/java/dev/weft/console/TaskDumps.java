package dev.weft.console;

import java.io.IOException;
import java.util.TreeSet;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * {@code --dump}: every Weft runtime's task dump, read through its MBean's {@code dumpTasks}
 * operation, one block per runtime: the tasks under no scope, then each task scope (name, policy,
 * state, children alive, time left) with its tasks and nested scopes indented under it.
 *
 * {@snippet :
 * System.out.print(TaskDumps.dumpAll(connector.getMBeanServerConnection()));
 * }
 */
final class TaskDumps {
    private TaskDumps() {}

    /**
     * @param server the watched JVM
     * @return the dumps, each headed by its runtime's object name; a line saying so if there is none
     * @throws IOException if the JVM cannot be reached
     */
    static String dumpAll(MBeanServerConnection server) throws IOException {
        StringBuilder sb = new StringBuilder();
        try {
            TreeSet<ObjectName> names = new TreeSet<>(server.queryNames(new ObjectName("dev.weft:type=Runtime,*"), null));
            if (names.isEmpty()) return "no Weft runtime in this JVM\n";
            for (ObjectName n : names) {
                sb.append("== ").append(n).append('\n');
                sb.append(server.invoke(n, "dumpTasks", null, null)).append('\n');
            }
        } catch (JMException e) {
            throw new IOException("reading the task dumps: " + e, e);
        }
        return sb.toString();
    }
}
