package dev.weft.bench.echo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * W6's virtual-thread peer: blocking sockets, one virtual thread per connection. Run with
 * {@code -Djdk.virtualThreadScheduler.parallelism=2}. Prints {@code ... on 127.0.0.1:PORT}.
 */
public final class VThreadEchoServer {
    private VThreadEchoServer() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        try (ServerSocket ss = new ServerSocket(port, 1024, InetAddress.getByName("127.0.0.1"))) {
            System.out.println("vthreads echo server on 127.0.0.1:" + ss.getLocalPort());
            while (true) {
                Socket s = ss.accept();
                Thread.ofVirtual().start(() -> serve(s));
            }
        }
    }

    private static void serve(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buf = new byte[16 * 1024];
            for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
        } catch (IOException e) {
            // a client that resets ends only its own connection
        }
    }
}
