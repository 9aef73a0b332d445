package dev.weft.diag;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.io.UncheckedIOException;

/** One byte over a fresh loopback connection: the reactor turns that the JFR tests look for. */
final class LoopbackByte {
    private LoopbackByte() {}

    /**
     * Binds a listener on 127.0.0.1, connects to it, writes one byte and reads it on the accepted
     * side; closes all three.
     *
     * @param rt the runtime whose reactor serves the sockets
     * @return how many bytes the accepted side read (1)
     * @throws Exception what the sockets threw
     */
    static int exchange(WeftRuntime rt) throws Exception {
        TcpListener l = rt.blockOn(Future.lazy(() -> {
            try {
                return Future.ready(TcpListener.bind("127.0.0.1", 0));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
        try (l) {
            Task<TcpStream> accepted = rt.spawn(Future.lazy(l::accept));
            try (TcpStream c = rt.blockOn(TcpStream.connect(l.localAddress())); TcpStream s = rt.blockOn(accepted)) {
                Task<Integer> read = rt.spawn(s.read(new byte[1], 0, 1));
                rt.blockOn(c.writeAll(new byte[] {7}, 0, 1));
                return rt.blockOn(read);
            }
        }
    }
}
