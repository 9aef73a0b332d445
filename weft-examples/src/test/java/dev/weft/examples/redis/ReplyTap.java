package dev.weft.examples.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A relay on 127.0.0.1 between real clients and a server that frames what the server sends on
 * each connection ({@link ReplyFrames}), so a test can tell whether every stream stopped between
 * two replies. Half-closes pass through both ways (a server's end of stream reaches the client as
 * one); a client that goes away is an end of input for the server, whose stream is still read and
 * framed to its end.
 *
 * {@snippet :
 * try (ReplyTap tap = ReplyTap.start(server.port())) {
 *     // point redis-benchmark at tap.port()
 *     for (ReplyTap.Stream s : tap.streams()) assertThat(s.frames().whole()).isTrue();
 * }
 * }
 */
final class ReplyTap implements AutoCloseable {
    /** One relayed connection: the server's replies, and whether the server's side has ended. */
    record Stream(ReplyFrames frames, boolean[] ended) {
        /** @return whether the server's stream ended (end of stream or reset) */
        boolean serverEnded() {
            synchronized (ended) {
                return ended[0];
            }
        }
    }

    private final ServerSocket socket;
    private final int upstream;
    private final List<Stream> streams = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    private ReplyTap(ServerSocket socket, int upstream) {
        this.socket = socket;
        this.upstream = upstream;
        this.acceptor = Thread.ofPlatform().daemon().name("reply-tap").start(this::accept);
    }

    /** @return a tap relaying 127.0.0.1:{@code port()} to 127.0.0.1:{@code upstream} */
    static ReplyTap start(int upstream) throws IOException {
        return new ReplyTap(new ServerSocket(0, 128, InetAddress.getLoopbackAddress()), upstream);
    }

    int port() {
        return socket.getLocalPort();
    }

    /** @return every connection relayed so far */
    List<Stream> streams() {
        return List.copyOf(streams);
    }

    /** @return the whole replies relayed so far, over every connection */
    long replies() {
        long n = 0;
        for (Stream s : streams) n += s.frames().replies();
        return n;
    }

    private void accept() {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException closed) {
                return;
            }
            Socket server;
            try {
                server = new Socket(InetAddress.getLoopbackAddress(), upstream);
            } catch (IOException refused) { // the server no longer accepts: so the client sees it
                close(client);
                continue;
            }
            Stream s = new Stream(new ReplyFrames(), new boolean[1]);
            streams.add(s);
            AtomicInteger pumps = new AtomicInteger(2);
            Thread.ofVirtual().start(() -> fromServer(server, client, s, pumps));
            Thread.ofVirtual().start(() -> toServer(client, server, pumps));
        }
    }

    /**
     * Relays the server's bytes to the client and frames them, to the end of the server's stream
     * (its end, or a reset) even once the client is gone: so what is framed is all the server
     * sent. The last of a connection's two pumps closes both sockets.
     */
    private static void fromServer(Socket server, Socket client, Stream framed, AtomicInteger pumps) {
        byte[] buf = new byte[64 * 1024];
        boolean clientThere = true;
        try {
            InputStream in = server.getInputStream();
            OutputStream out = client.getOutputStream();
            for (int n; (n = in.read(buf)) > 0; ) {
                framed.frames().feed(buf, 0, n);
                if (!clientThere) continue;
                try {
                    out.write(buf, 0, n);
                } catch (IOException gone) { // the client left: keep reading what the server sends
                    clientThere = false;
                }
            }
            if (clientThere) client.shutdownOutput();
        } catch (IOException reset) {
            close(client);
        } finally {
            synchronized (framed.ended()) {
                framed.ended()[0] = true;
            }
            if (pumps.decrementAndGet() == 0) closeBoth(server, client);
        }
    }

    /**
     * Relays the client's bytes to the server; the client's end, or its going away, reaches the
     * server as the end of its input.
     */
    private static void toServer(Socket client, Socket server, AtomicInteger pumps) {
        byte[] buf = new byte[64 * 1024];
        try {
            InputStream in = client.getInputStream();
            OutputStream out = server.getOutputStream();
            try {
                for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
            } catch (IOException clientGone) {
                // as its end
            }
            server.shutdownOutput();
        } catch (IOException serverGone) {
            // the other pump sees the server's end
        } finally {
            if (pumps.decrementAndGet() == 0) closeBoth(server, client);
        }
    }

    private static void closeBoth(Socket a, Socket b) {
        close(a);
        close(b);
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing: nothing to do about it
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
