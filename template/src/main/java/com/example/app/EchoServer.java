package com.example.app;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import java.io.IOException;

/**
 * An echo server. Each body below is a {@code Weft.async} lambda that the weaver rewrites at build
 * time into a state-machine future: at an {@code await} of a pending read, write or accept it
 * returns pending and its worker runs other connections, with no thread per connection.
 */
public final class EchoServer {
    private EchoServer() {}

    /**
     * Accepts connections and echoes each in a task of its own, until cancelled; then the
     * connections still open are cancelled too, and the listener is closed.
     *
     * @param listener where connections arrive
     * @return the server's future
     */
    public static Future<Void> serve(TcpListener listener) {
        return Weft.async(() -> {
            try (listener; TaskScope<Object, Void> connections = TaskScope.open(Joiner.reporting())) {
                while (true) {
                    TcpStream s = await(listener.accept());
                    connections.spawn(echo(s));
                }
            }
        });
    }

    /**
     * Writes back what the peer sends until it ends its output.
     *
     * @param s the connection, closed at the end
     * @return the connection's future
     */
    static Future<Void> echo(TcpStream s) {
        return Weft.async(() -> {
            try (s) {
                byte[] buf = new byte[4096];
                for (int n; (n = await(s.read(buf, 0, buf.length))) > 0; ) {
                    await(s.writeAll(buf, 0, n));
                }
            } catch (IOException gone) {
                // the peer reset the connection: it ends, the server goes on
            }
            return null;
        });
    }
}
