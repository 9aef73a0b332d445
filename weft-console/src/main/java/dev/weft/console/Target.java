package dev.weft.console;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Connects to the JVM to watch: by process id through the Attach API (which starts the target's
 * local management agent if it is not running and answers its JMX URL), or by {@code host:port}
 * of a JMX RMI agent ({@code -Dcom.sun.management.jmxremote.port=...}), or by a full
 * {@code service:jmx:} URL.
 *
 * {@snippet :
 * try (JMXConnector c = Target.connect("4242")) {
 *     MBeanServerConnection server = c.getMBeanServerConnection();
 * }
 * }
 */
final class Target {
    private Target() {}

    /**
     * @param target a pid, {@code host:port} or a JMX service URL
     * @return a connected connector; the caller closes it
     * @throws IOException if the JVM cannot be reached
     * @throws IllegalArgumentException if {@code target} is none of the three forms
     */
    static JMXConnector connect(String target) throws IOException {
        return JMXConnectorFactory.connect(new JMXServiceURL(url(target)));
    }

    /** @return the JMX service URL of {@code target} (attaching to a pid to learn it) */
    static String url(String target) throws IOException {
        if (target.startsWith("service:jmx:")) return target;
        if (target.matches("\\d+")) return attach(target);
        int colon = target.lastIndexOf(':');
        if (colon > 0 && target.substring(colon + 1).matches("\\d{1,5}")) {
            return "service:jmx:rmi:///jndi/rmi://" + target + "/jmxrmi";
        }
        throw new IllegalArgumentException("not a pid, host:port or service:jmx: URL: " + target);
    }

    private static String attach(String pid) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(pid);
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to process " + pid + " (is it a JVM of this user?): " + e.getMessage(), e);
        }
        try {
            return vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
    }
}
