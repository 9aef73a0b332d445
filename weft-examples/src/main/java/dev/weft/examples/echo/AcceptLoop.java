package dev.weft.examples.echo;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;

/**
 * The echo server's accept loop as a task: accept a connection, spawn an {@link EchoConnection}
 * task for it, accept the next; ends when the listener is closed.
 *
 * <p>State (owner thread only): {@code accept} is the accept in progress, or {@code null} between
 * two; {@code count} the connections accepted so far.
 */
final class AcceptLoop implements Future<Long> {
    private final TcpListener listener;
    private final WeftRuntime runtime;
    private Future<TcpStream> accept;
    private long count;

    AcceptLoop(TcpListener listener, WeftRuntime runtime) {
        this.listener = listener;
        this.runtime = runtime;
    }

    @Override
    public Poll<Long> poll(Context cx) throws Exception {
        while (true) {
            if (accept == null) accept = listener.accept();
            Poll<TcpStream> p;
            try {
                p = accept.poll(cx);
            } catch (ClosedChannelException e) {
                accept = null;
                return Poll.ready(count); // the server was closed
            }
            if (!(p instanceof Poll.Ready<TcpStream>(TcpStream s))) return Poll.pending();
            accept = null;
            count++;
            try {
                s.setNoDelay(true);
            } catch (IOException e) {
                s.close();
                continue;
            }
            runtime.spawn(new EchoConnection(s)).detach();
        }
    }

    @Override
    public void cancel() {
        if (accept != null) accept.cancel();
    }
}
