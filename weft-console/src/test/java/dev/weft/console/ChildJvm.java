package dev.weft.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running {@link ConsoleWorkload} on this test's class path, for the console to watch.
 * {@link #close()} closes its standard input, which ends it, and kills it if it has not ended
 * within 10 s.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final long pid;

    private ChildJvm(Process process, long pid) {
        this.process = process;
        this.pid = pid;
    }

    /** @return the java launcher running this test */
    static String java() {
        return ProcessHandle.current().info().command().orElseThrow(() -> new IllegalStateException("no java command"));
    }

    /** Starts the workload and waits (at most 30 s) for its {@code ready <pid>} line. */
    static ChildJvm start() throws Exception {
        Process p = new ProcessBuilder(java(), "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), ConsoleWorkload.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        try {
            line = CompletableFuture.supplyAsync(() -> {
                try {
                    return r.readLine();
                } catch (IOException e) {
                    return null;
                }
            }).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
        if (line == null || !line.startsWith("ready ")) {
            p.destroyForcibly();
            throw new IllegalStateException("the workload did not start: " + line);
        }
        return new ChildJvm(p, Long.parseLong(line.substring("ready ".length()).trim()));
    }

    /** @return the child's process id */
    long pid() {
        return pid;
    }

    /** @return the console's command line for this child, before its own arguments */
    List<String> consoleCommand() {
        return List.of(java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(), Long.toString(pid));
    }

    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
}
