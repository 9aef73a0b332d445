package dev.weft.future;

/**
 * A future whose failure is a checked exception of a known type {@code X}: what Weft's I/O
 * ({@code IOException}), timeout ({@code TimeoutException}) and blocking ({@code Exception})
 * futures are, so that awaiting one reads as the blocking call it replaces.
 * {@code Weft.await(Fallible)} declares {@code throws X}, and a body can catch the exception by
 * its own type, as around {@code InputStream.read}:
 *
 * {@snippet :
 * try {
 *     TcpStream s = await(TcpStream.connect("127.0.0.1", 7000));   // throws IOException
 * } catch (java.net.ConnectException refused) {
 *     // nobody listens there
 * }
 * }
 *
 * <p>The type only narrows what {@link #poll(Context)} may throw; everything else is as for any
 * {@link Future}. A plain {@code Future}'s failure reaches its awaiter unchanged too, checked or
 * not, but undeclared (catch it as {@code Exception}).
 *
 * @param <T> the output type
 * @param <X> the checked exception the future may fail with
 */
public interface Fallible<T, X extends Exception> extends Future<T> {
    /**
     * Makes as much progress as possible without blocking; as {@link Future#poll(Context)}.
     *
     * @param cx the context of the polling task
     * @return ready with the output, or pending
     * @throws X if the computation failed (unchecked exceptions pass as well)
     */
    @Override
    Poll<T> poll(Context cx) throws X;
}
