package dev.weft.console;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;

/**
 * {@code weft-console <pid|host:port> [--once] [--html FILE] [--interval MS] [--idle-warn SECONDS]
 * [--poll-warn MS] [--scheduled-warn MS] [--rows N] [--dump]}: a live view of a JVM's Weft runtimes, the
 * tokio-console of Weft. It attaches over JMX, reads each runtime's MBean every interval and
 * redraws the terminal with ANSI escapes: the workers' busy share, the task table sorted by busy
 * time with the tasks grouped under their task scopes ({@link ScopeTree}), and warnings
 * ({@link Warnings}). {@code --once} prints one frame (two samples an interval
 * apart) and exits; {@code --dump} prints each runtime's task dump (every live task, its state
 * and what it waits on: the {@code Weft.async} frames with source lines, a coroutine's stack) and
 * exits, the SIGQUIT of Weft's tasks; {@code --html FILE} writes the same tables as an HTML page (at every frame).
 * Task figures need the watched JVM to run with {@code -Dweft.taskStats=true}.
 *
 * {@snippet :
 * // java -jar weft-console/target/weft-console.jar 4242 --once
 * int exit = Main.run(new String[] {"4242", "--once"}, System.out, System.err);
 * }
 *
 * <p>Exit codes: 0 after {@code --once}, 1 if the JVM cannot be reached or goes away, 2 for a bad
 * command line (with the usage line).
 */
public final class Main {
    private static final String HOME = "\033[H";
    private static final String CLEAR_LINE = "\033[K";
    private static final String CLEAR_BELOW = "\033[J";
    private static final String HIDE_CURSOR = "\033[?25l";
    private static final String SHOW_CURSOR = "\033[?25h";

    private Main() {}

    /**
     * Runs the console and exits the JVM with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the console.
     *
     * @param args the command line
     * @param out where frames go
     * @param err where errors go
     * @return the exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("weft-console: " + e.getMessage());
            err.println(Options.USAGE);
            return 2;
        }
        JMXConnector connector;
        try {
            connector = Target.connect(o.target());
        } catch (IllegalArgumentException e) {
            err.println("weft-console: " + e.getMessage());
            err.println(Options.USAGE);
            return 2;
        } catch (IOException e) {
            err.println("weft-console: cannot connect to " + o.target() + ": " + e.getMessage());
            return 1;
        }
        try (JMXConnector c = connector) {
            MBeanServerConnection server = c.getMBeanServerConnection();
            if (o.dump()) {
                out.print(TaskDumps.dumpAll(server));
                out.flush();
                return 0;
            }
            List<Sample> before = Sampler.sampleAll(server);
            if (o.once()) {
                Thread.sleep(o.interval());
                List<Sample> now = Sampler.sampleAll(server);
                out.print(Frame.render(before, now, o, Terminal.width(200)));
                writeHtml(o, now);
                out.flush();
                return 0;
            }
            out.print(HIDE_CURSOR);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                out.print(SHOW_CURSOR);
                out.flush();
            }));
            while (true) {
                Thread.sleep(o.interval());
                List<Sample> now = Sampler.sampleAll(server);
                String frame = Frame.fit(Frame.render(before, now, o, Terminal.width(200)), Terminal.height(Integer.MAX_VALUE));
                out.print(HOME + frame.replace("\n", CLEAR_LINE + "\n") + CLEAR_BELOW);
                out.flush();
                writeHtml(o, now);
                before = now;
            }
        } catch (IOException e) {
            if (!o.once()) out.print(SHOW_CURSOR);
            err.println("weft-console: " + o.target() + " went away: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    private static void writeHtml(Options o, List<Sample> now) throws IOException {
        if (o.html() != null) Files.writeString(o.html(), HtmlPage.render(now, o));
    }
}
