package dev.weft.examples.echo;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * One echo connection as a hand-written state machine: read what is there, write it all back,
 * repeat until the client ends its output, then shut ours down. Polling allocates nothing. The
 * connection owns its stream: it closes it when it completes, fails or is cancelled.
 *
 * <p>State (owner thread only): {@code buf} is in write mode while {@code reading}, in read mode
 * (bytes still to echo) otherwise; {@code echoed} counts the bytes sent back.
 */
final class EchoConnection implements Future<Long> {
    private final TcpStream stream;
    /** Direct: a heap buffer would be copied through a JDK temporary direct buffer per read and write. */
    private final ByteBuffer buf = ByteBuffer.allocateDirect(16 * 1024);
    private boolean reading = true;
    private long echoed;

    EchoConnection(TcpStream stream) {
        this.stream = stream;
    }

    @Override
    public Poll<Long> poll(Context cx) throws IOException {
        try {
            Poll<Long> p = step(cx);
            if (p.isReady()) stream.close();
            return p;
        } catch (IOException | RuntimeException e) {
            stream.close(); // a client that resets its connection ends only this connection
            throw e;
        }
    }

    private Poll<Long> step(Context cx) throws IOException {
        while (true) {
            if (reading) {
                Poll<Integer> r = stream.pollRead(cx, buf);
                if (!(r instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                if (n < 0) {
                    stream.shutdownOutput();
                    return Poll.ready(echoed);
                }
                buf.flip();
                reading = false;
            }
            while (buf.hasRemaining()) {
                Poll<Integer> w = stream.pollWrite(cx, buf);
                if (!(w instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                echoed += n;
            }
            buf.clear();
            reading = true;
        }
    }

    @Override
    public void cancel() {
        try {
            stream.close();
        } catch (IOException e) {
            // cancelled: nobody is left to tell; the socket is gone either way
        }
    }
}
