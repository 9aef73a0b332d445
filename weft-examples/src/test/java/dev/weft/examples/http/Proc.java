package dev.weft.examples.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Test helper: runs a real client (curl, wrk) bounded in time, and fails if a tool is missing. */
final class Proc {
    /** What a run printed and how it ended. */
    record Result(int exit, String out, String err) {}

    private Proc() {}

    /**
     * Fails (not skips) the test when {@code tool} is not on the PATH: CI installs it with
     * {@code .ci/install.d/http}.
     */
    static void require(String tool) throws Exception {
        Result r = run(Duration.ofSeconds(10), "sh", "-c", "command -v " + tool);
        if (r.exit() != 0) {
            throw new AssertionError(tool + " is missing: run .ci/install.d/http (CI runs it through .ci/setup)");
        }
    }

    static Result run(Duration limit, String... command) throws Exception {
        return run(limit, List.of(command));
    }

    static Result run(Duration limit, List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).start();
        try {
            p.getOutputStream().close();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError(command.get(0) + " did not end within " + limit + ": " + command);
            }
            return new Result(p.exitValue(), out.get(10, TimeUnit.SECONDS), err.get(10, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
    }

    private static CompletableFuture<String> drain(java.io.InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        }, command -> Thread.ofVirtual().start(command));
    }
}
