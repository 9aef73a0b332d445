package dev.weft.examples.fetch;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The HTTP server the fan-out tests fetch from: {@code GET /item/N} answers {@code item N} after
 * {@code slow} (a request in flight for a while), and {@code 503} after {@code fast} for the one
 * failing item. While it waits it watches its connection: a client that closes it first has
 * abandoned the request. It logs {@code start N}, {@code answered N}, {@code failed N} and
 * {@code abandoned N}, in order.
 */
final class SlowServer {
    final List<String> log = new CopyOnWriteArrayList<>();
    private final int failing;
    private final Duration slow;
    private final Duration fast;

    SlowServer(int failing, Duration slow, Duration fast) {
        this.failing = failing;
        this.slow = slow;
        this.fast = fast;
    }

    /** @return the accept loop's future: serves every connection, until cancelled */
    Future<Void> serve(TcpListener listener) {
        return Weft.async(() -> {
            while (true) {
                TcpStream s = await(listener.accept());
                Task.spawn(connection(s)).detach();
            }
        });
    }

    private Future<Void> connection(TcpStream s) {
        return Weft.async(() -> {
            try (s) {
                String request = await(readHead(s));
                int item = Integer.parseInt(request.split(" ")[1].substring("/item/".length()));
                log.add("start " + item);
                boolean fails = item == failing;
                Future<Boolean> answer = Time.sleep(fails ? fast : slow).map(x -> true);
                Future<Boolean> hungUp = s.read(new byte[1], 0, 1).map(n -> false);
                if (!await(Future.race(answer, hungUp))) {
                    log.add("abandoned " + item);
                    return null;
                }
                byte[] response = (fails ? "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"
                        : "HTTP/1.1 200 OK\r\nContent-Length: " + ("item " + item).length() + "\r\n\r\nitem " + item)
                        .getBytes(StandardCharsets.US_ASCII);
                await(s.writeAll(response, 0, response.length));
                log.add((fails ? "failed " : "answered ") + item);
            } catch (IOException reset) {
                // the client went away mid-answer
            }
            return null;
        });
    }

    private static Future<String> readHead(TcpStream s) {
        return Weft.async(() -> {
            StringBuilder head = new StringBuilder();
            byte[] b = new byte[256];
            while (head.indexOf("\r\n\r\n") < 0) {
                int n = await(s.read(b, 0, b.length));
                if (n < 0) throw new IOException("closed before the request's head");
                head.append(new String(b, 0, n, StandardCharsets.US_ASCII));
            }
            return head.toString();
        });
    }

    /** @return the address to fetch from, once bound */
    static InetSocketAddress addressOf(TcpListener l) throws IOException {
        return l.localAddress();
    }
}
