package dev.weft.examples.redis;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real Redis tools the tests drive. A missing tool fails the test (it does not skip it):
 * {@code .ci/install.d/redis} installs them in CI.
 */
final class RedisTools {
    private RedisTools() {}

    /** The tool's path on PATH, or an AssertionError naming the installer. */
    static String require(String tool) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                File f = new File(dir, tool);
                if (f.canExecute()) return f.getPath();
            }
        }
        throw new AssertionError(tool + " is not on PATH: run .ci/install.d/redis (apt-get install redis-server redis-tools)");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The result of a bounded process run. */
    record Run(int exit, String stdout, String stderr) {}

    /**
     * Runs a command with {@code stdin} fed from a string, killing it after {@code seconds}.
     */
    static Run run(List<String> command, String stdin, long seconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("redis-tool", ".out");
        Path err = Files.createTempFile("redis-tool", ".err");
        Path in = Files.createTempFile("redis-tool", ".in");
        Process p = null;
        try {
            Files.writeString(in, stdin == null ? "" : stdin);
            p = new ProcessBuilder(command).redirectInput(in.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) throw new AssertionError(command + " did not end within " + seconds + " s");
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            if (p != null) p.destroyForcibly();
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            Files.deleteIfExists(in);
        }
    }
}
