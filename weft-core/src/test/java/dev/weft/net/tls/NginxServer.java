package dev.weft.net.tls;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real nginx for the tests, started unprivileged on 127.0.0.1 with a configuration written to a
 * temporary directory (its pid file, logs, temporary files and pages are there too): one process
 * ({@code daemon off; master_process off;}), TLS 1.2 and 1.3, ALPN {@code http/1.1} (nginx
 * answers it by itself when HTTP/2 is off). Each {@link Site} is a {@code server} block on a port
 * of its own with a certificate of its own. {@link #close()} stops the process (SIGTERM, then
 * SIGKILL after 10 s). A missing nginx fails the test, naming its installer.
 */
final class NginxServer implements AutoCloseable {
    /** One listening port: the certificate and key files it presents. */
    record Site(int port, Path cert, Path key) {}

    private final Process process;
    private final Path dir;

    private NginxServer(Process process, Path dir) {
        this.process = process;
        this.dir = dir;
    }

    /** @return the nginx binary: on PATH, or where Debian puts it ({@code /usr/sbin}, often not on a user's PATH) */
    static String binary() {
        String path = System.getenv("PATH");
        for (String d : ((path == null ? "" : path) + File.pathSeparator + "/usr/sbin").split(File.pathSeparator)) {
            File f = new File(d, "nginx");
            if (f.canExecute()) return f.getPath();
        }
        throw new AssertionError("nginx is not installed: run .ci/install.d/nginx (CI runs it through .ci/setup)");
    }

    /**
     * Writes the configuration and the page {@code /hello.txt} (holding {@code page}) under
     * {@code dir}, starts nginx and waits until every site accepts connections.
     *
     * @param dir an empty temporary directory
     * @param page the text of {@code /hello.txt}
     * @param sites the ports to serve
     * @return the running server
     * @throws Exception if nginx does not start within 10 s (its error log is in the message)
     */
    static NginxServer start(Path dir, String page, List<Site> sites) throws Exception {
        String nginx = binary();
        Path html = Files.createDirectories(dir.resolve("html"));
        Files.writeString(html.resolve("hello.txt"), page);
        StringBuilder conf = new StringBuilder()
                .append("daemon off;\nmaster_process off;\nworker_processes 1;\n")
                .append("pid ").append(dir.resolve("nginx.pid")).append(";\n")
                .append("error_log ").append(dir.resolve("error.log")).append(" info;\n")
                .append("events { worker_connections 64; }\n")
                .append("http {\n")
                .append("  access_log ").append(dir.resolve("access.log")).append(";\n");
        for (String temp : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            conf.append("  ").append(temp).append("_temp_path ").append(dir.resolve(temp)).append(";\n");
        }
        for (Site s : sites) {
            conf.append("  server {\n")
                    .append("    listen 127.0.0.1:").append(s.port()).append(" ssl;\n")
                    .append("    ssl_certificate ").append(s.cert()).append(";\n")
                    .append("    ssl_certificate_key ").append(s.key()).append(";\n")
                    .append("    ssl_protocols TLSv1.2 TLSv1.3;\n")
                    .append("    root ").append(html).append(";\n")
                    .append("  }\n");
        }
        conf.append("}\n");
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf);
        Process p = new ProcessBuilder(nginx, "-p", dir.toString(), "-e", dir.resolve("error.log").toString(), "-c", file.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
        NginxServer server = new NginxServer(p, dir);
        try {
            for (Site s : sites) server.awaitListening(s.port());
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void awaitListening(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) throw new AssertionError("nginx exited (" + process.exitValue() + "): " + log());
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("nginx did not listen on " + port + " within 10 s: " + log());
    }

    /** @return nginx's error log and standard output so far */
    String log() throws IOException {
        StringBuilder b = new StringBuilder();
        for (String name : List.of("error.log", "stdout.log")) {
            Path f = dir.resolve(name);
            if (Files.exists(f)) b.append(Files.readString(f));
        }
        return b.toString();
    }

    /** @return the access log so far */
    String accessLog() throws IOException {
        Path f = dir.resolve("access.log");
        return Files.exists(f) ? Files.readString(f) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
