package dev.weft.examples.chat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A blocking test client on 127.0.0.1: writes lines, reads lines with a read timeout. */
final class ChatClient implements AutoCloseable {
    static final int READ_TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    private ChatClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = socket.getOutputStream();
    }

    /** Connects; the greeting is read and checked. */
    static ChatClient connect(int port) throws IOException {
        return connect(port, 0);
    }

    /** Connects with a receive buffer of {@code receiveBuffer} bytes (0: the default); the greeting is read. */
    static ChatClient connect(int port, int receiveBuffer) throws IOException {
        Socket s = new Socket();
        if (receiveBuffer > 0) s.setReceiveBufferSize(receiveBuffer);
        s.connect(new InetSocketAddress("127.0.0.1", port), READ_TIMEOUT_MILLIS);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        s.setTcpNoDelay(true);
        ChatClient c = new ChatClient(s);
        String greeting = c.readLine();
        if (!ChatConnection.GREETING.equals(greeting)) throw new IOException("greeting: " + greeting);
        return c;
    }

    /** Connects and joins as {@code name}; the server's hello is read. */
    static ChatClient join(int port, String name) throws IOException {
        ChatClient c = connect(port);
        c.send(name);
        String hello = c.readLine();
        if (hello == null || !hello.startsWith("* hello " + name)) throw new IOException("hello: " + hello);
        return c;
    }

    void send(String line) throws IOException {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    void sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** @return the next line, or {@code null} at the end of the stream (or a reset) */
    String readLine() throws IOException {
        try {
            return in.readLine();
        } catch (java.net.SocketException reset) {
            return null;
        }
    }

    /** Reads until a line matches; fails at the end of the stream. */
    String readUntil(Predicate<String> wanted) throws IOException {
        for (String l; (l = readLine()) != null; ) if (wanted.test(l)) return l;
        throw new IOException("the end of the stream came first");
    }

    /** @return every line until the end of the stream */
    List<String> readToEnd() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String l; (l = readLine()) != null; ) lines.add(l);
        return lines;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
