package dev.weft.net.internal.linux;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketOption;

/**
 * A stream of a native poller (epoll's or io_uring's): its addresses and options are the socket's,
 * asked through {@link NativeSockets} behind the socket's {@link SocketFd} guard, and its
 * asynchronous shutdown is its {@link #shutdownOutput()}.
 *
 * {@snippet :
 * final class EpollStream implements NativeStream {
 *     public SocketFd socket() { return src; }
 * }
 * }
 */
public interface NativeStream extends StreamEndpoint {
    /** @return the socket's guarded descriptor */
    SocketFd socket();

    /**
     * Shuts the output down at once ({@link #shutdownOutput()}): nothing to wait for.
     *
     * @param cx the context
     * @return ready
     * @throws IOException if the stream is closed
     */
    @Override
    default Poll<Void> pollShutdown(Context cx) throws IOException {
        shutdownOutput();
        return Poll.ready(null);
    }

    @Override
    default SocketAddress localAddress() throws IOException {
        return NativeSockets.address(socket(), false);
    }

    @Override
    default SocketAddress remoteAddress() throws IOException {
        return NativeSockets.address(socket(), true);
    }

    @Override
    default <T> T getOption(SocketOption<T> name) throws IOException {
        return NativeSockets.getOption(socket(), name);
    }

    @Override
    default <T> void setOption(SocketOption<T> name, T value) throws IOException {
        NativeSockets.setOption(socket(), name, value);
    }
}
