package dev.weft.bench.tls;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.http.SelfSigned;
import dev.weft.exec.WeftRuntime;
import dev.weft.io.AsyncIo;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsConnector;
import dev.weft.net.tls.TlsContexts;
import dev.weft.net.tls.TlsStream;
import dev.weft.task.Task;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * The heap an idle TLS connection costs: N connections over loopback, each with a Weft TLS
 * client and a Weft TLS server in this JVM, each having exchanged one request and answer and
 * then waiting for the next; the heap after a full collection, before and after, divided by N.
 * So the figure is per pair (client and server stream, their engines and sessions, the TCP
 * streams and the server's task), and the record buffers are what TLS adds over a plain idle
 * connection.
 *
 * <pre>
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.tls.TlsIdleHeap [N]   (default 1000)
 * </pre>
 * Prints {@code RESULT tls-idle-heap connections=N bytes_per_pair=...}.
 */
public final class TlsIdleHeap {
    private TlsIdleHeap() {}

    /**
     * @param args the number of connections (default 1000)
     * @throws Exception if a connection fails
     */
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        SelfSigned.Pem pem = SelfSigned.write(Files.createTempDirectory("tls-idle-heap"));
        SSLContext serverContext = TlsContexts.fromPem(pem.cert(), pem.key());
        TlsConnector connector = TlsConnector.of(TlsContexts.trusting(pem.cert()));
        TlsAcceptor acceptor = TlsAcceptor.of(serverContext);
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            TcpListener listener = Accepting.bindOn(rt, new InetSocketAddress("127.0.0.1", 0));
            int port = listener.localAddress().getPort();
            rt.spawn(Weft.async(() -> {
                while (true) {
                    TcpStream c;
                    try {
                        c = await(listener.accept());
                    } catch (ClosedChannelException closed) {
                        return null; // the end of the run
                    }
                    Task.spawn(Weft.async(() -> {
                        try (TlsStream tls = await(acceptor.accept(c))) {
                            byte[] b = new byte[64];
                            while (true) { // answer each request until the client closes
                                int r = await(tls.read(b, 0, b.length));
                                if (r < 0) break;
                                await(tls.writeAll(new byte[] {'k'}));
                            }
                        } catch (Exception e) {
                            // the client closed without close_notify at the end of the run
                        }
                        return null;
                    })).detach();
                }
            })).detach();
            List<TlsStream> open = new ArrayList<>();
            long before = heapAfterGc();
            for (int i = 0; i < n; i++) {
                open.add(rt.blockOn(Weft.async(() -> {
                    TlsStream tls = await(connector.connect("localhost", port));
                    await(tls.writeAll(new byte[] {'q'}));
                    byte[] one = new byte[1];
                    await(AsyncIo.readExact(tls, one, 0, 1));
                    return tls;
                })));
            }
            long after = heapAfterGc();
            System.out.printf("RESULT tls-idle-heap connections=%d bytes_per_pair=%d heap_before=%d heap_after=%d%n", n,
                    (after - before) / n, before, after);
            for (TlsStream tls : open) tls.close();
            listener.close();
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
