package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import java.io.IOException;

/**
 * A future of an I/O operation: it fails with an {@link IOException}, and
 * {@code Weft.await} of it declares {@code throws IOException}, as the blocking call it replaces
 * does. Every socket and stream operation of {@code dev.weft.io} and {@code dev.weft.net} returns
 * one.
 *
 * {@snippet :
 * try {
 *     int n = await(socket.read(buf, 0, buf.length));
 * } catch (java.net.SocketException reset) {
 *     // the peer reset the connection
 * }
 * }
 *
 * @param <T> the output type
 */
public interface IoFuture<T> extends Fallible<T, IOException> {
    @Override
    Poll<T> poll(Context cx) throws IOException;
}
