package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.function.Function;

/**
 * The accept loop every example server shares, as a woven {@code Weft.async} body: accept, turn
 * Nagle's delay off, spawn the connection's task (detached), accept the next; ends when the
 * listener is closed. A socket whose peer is gone before it could be set up is closed and skipped,
 * so one reset peer never ends the loop.
 *
 * {@snippet :
 * Task<Long> acceptor = rt.spawn(Accepting.loop(listener, s -> serve(s)));
 * }
 */
public final class Accepting {
    private Accepting() {}

    /**
     * @param listener where connections arrive
     * @param serve the task for one connection (it owns and closes the stream); spawned with
     *     {@code Task.spawn}, so on the runtime (or in the simulation) that runs the loop
     * @return a future of how many connections were accepted, ready once the listener is closed
     */
    public static Future<Long> loop(TcpListener listener, Function<TcpStream, Future<?>> serve) {
        return Weft.async(() -> {
            long accepted = 0;
            while (true) {
                TcpStream s;
                try {
                    s = await(listener.accept());
                } catch (ClosedChannelException closed) { // the server was closed: stop
                    return accepted;
                }
                accepted++;
                try {
                    s.setNoDelay(true);
                } catch (IOException gone) {
                    s.close();
                    continue;
                }
                Task.spawn(serve.apply(s)).detach();
            }
        });
    }
}
