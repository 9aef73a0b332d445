package dev.weft.examples.training;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The load of a training run: client threads with blocking sockets, each looping over exchanges of
 * the server's protocol and checking every answer, so that the run trains the paths a real client
 * takes (and fails loudly if the server answers wrongly):
 * <ul>
 *   <li>echo: 64 bytes out, the same 64 back;
 *   <li>redis: {@code SET} with a 20 ms expiry (the expiry timers), {@code GET}, {@code INCR},
 *       {@code PING}, {@code DEL}, as RESP arrays;
 *   <li>http: keep-alive {@code GET /plaintext}, {@code GET /json}, {@code POST /echo};
 *   <li>chat: a name, then lines that every other client receives (the outbox channels), then
 *       {@code /quit}; a second thread per client reads what arrives.
 * </ul>
 *
 * {@snippet :
 * long exchanges = TrainingClient.drive("http", port, 16, Duration.ofSeconds(3));
 * }
 */
final class TrainingClient {
    private static final int ECHO_BYTES = 64;

    private TrainingClient() {}

    /**
     * @return the exchanges done by all clients
     * @throws Exception the first failure of a client (a wrong answer, a lost connection)
     */
    static long drive(String protocol, int port, int clients, Duration duration) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        AtomicLong exchanges = new AtomicLong();
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int id = i;
            threads.add(Thread.ofPlatform().name("training-client-" + i).start(() -> {
                try (Socket s = new Socket("127.0.0.1", port)) {
                    s.setSoTimeout(10_000);
                    s.setTcpNoDelay(true);
                    exchanges.addAndGet(loop(protocol, id, s, end));
                } catch (Exception e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : threads) t.join();
        if (failure.get() != null) throw failure.get();
        return exchanges.get();
    }

    private static long loop(String protocol, int id, Socket s, long end) throws IOException, InterruptedException {
        InputStream in = new BufferedInputStream(s.getInputStream());
        OutputStream out = s.getOutputStream();
        long n = 0;
        switch (protocol) {
            case "echo" -> {
                byte[] msg = new byte[ECHO_BYTES];
                Arrays.fill(msg, (byte) ('a' + id % 26));
                for (; System.nanoTime() < end; n++) {
                    out.write(msg);
                    if (!Arrays.equals(in.readNBytes(ECHO_BYTES), msg)) throw new IOException("echo: a different answer");
                }
            }
            case "redis" -> {
                for (; System.nanoTime() < end; n++) {
                    String key = "training:" + id + ":" + (n % 64);
                    expect(redis(out, in, "SET", key, "v" + n, "PX", "20"), "+OK");
                    redis(out, in, "GET", key); // the value, or nil if it expired already
                    redis(out, in, "INCR", "training:counter:" + id);
                    expect(redis(out, in, "PING"), "+PONG");
                    redis(out, in, "DEL", key);
                }
            }
            case "http" -> {
                byte[] body = "training".getBytes(StandardCharsets.US_ASCII);
                for (; System.nanoTime() < end; n++) {
                    http(out, in, "GET /plaintext HTTP/1.1\r\nHost: training\r\n\r\n", null);
                    http(out, in, "GET /json HTTP/1.1\r\nHost: training\r\n\r\n", null);
                    http(out, in, "POST /echo HTTP/1.1\r\nHost: training\r\nContent-Length: " + body.length + "\r\n\r\n", body);
                }
            }
            case "chat" -> n = chat(id, in, out, end);
            default -> throw new IllegalArgumentException("no training load for " + protocol);
        }
        return n;
    }

    /** Sends one RESP command and reads its one answer (a simple string, error, integer or bulk). */
    private static String redis(OutputStream out, InputStream in, String... args) throws IOException {
        StringBuilder b = new StringBuilder().append('*').append(args.length).append("\r\n");
        for (String a : args) b.append('$').append(a.length()).append("\r\n").append(a).append("\r\n");
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
        String line = line(in);
        if (line.startsWith("-")) throw new IOException("redis: " + String.join(" ", args) + " answered " + line);
        if (line.startsWith("$")) {
            int len = Integer.parseInt(line.substring(1));
            if (len >= 0) {
                String value = new String(in.readNBytes(len), StandardCharsets.UTF_8);
                line(in);
                return value;
            }
        }
        return line;
    }

    private static void expect(String answer, String wanted) throws IOException {
        if (!answer.equals(wanted)) throw new IOException("expected " + wanted + ", got " + answer);
    }

    /** Sends one request and reads its answer: a 200 with a Content-Length body. */
    private static void http(OutputStream out, InputStream in, String head, byte[] body) throws IOException {
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        if (body != null) out.write(body);
        String status = line(in);
        if (!status.startsWith("HTTP/1.1 200")) throw new IOException("http: " + head.lines().findFirst().orElseThrow() + " answered " + status);
        int length = -1;
        for (String h = line(in); !h.isEmpty(); h = line(in)) {
            int colon = h.indexOf(':');
            if (colon > 0 && h.substring(0, colon).equalsIgnoreCase("content-length")) length = Integer.parseInt(h.substring(colon + 1).trim());
        }
        if (length < 0) throw new IOException("http: an answer without Content-Length");
        if (in.readNBytes(length).length != length) throw new EOFException("http: the body ended early");
    }

    /** Joins the chat, sends lines for the run, then quits; another thread reads what arrives. */
    private static long chat(int id, InputStream in, OutputStream out, long end) throws IOException, InterruptedException {
        AtomicLong received = new AtomicLong();
        Thread reader = Thread.ofPlatform().name("training-chat-reader-" + id).start(() -> {
            try {
                while (true) {
                    line(in);
                    received.incrementAndGet();
                }
            } catch (IOException endOfStream) {
                // the server closed the connection after "/quit": the end of this reader
            }
        });
        out.write(("trainee" + id + "\n").getBytes(StandardCharsets.US_ASCII));
        long sent = 0;
        for (; System.nanoTime() < end; sent++) {
            out.write(("line " + sent + " from " + id + "\n").getBytes(StandardCharsets.US_ASCII));
            if (sent % 8 == 7) Thread.sleep(1); // a pace the readers keep up with, so nobody is dropped as slow
        }
        out.write("/quit\n".getBytes(StandardCharsets.US_ASCII));
        reader.join(10_000);
        if (received.get() == 0) throw new IOException("chat: client " + id + " received nothing");
        return sent;
    }

    /** A line without its CR LF (or LF). */
    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) throw new EOFException("the connection ended mid-line");
            if (c != '\r') b.append((char) c);
        }
        return b.toString();
    }
}
