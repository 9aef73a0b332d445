package dev.weft.future;

import java.util.Optional;

/**
 * A stream whose elements can fail with a checked exception of a known type {@code X}: what a
 * stream of lines read from a socket is ({@code IOException}). Its {@link #next()} and
 * {@link #nextOrNull()} are {@link Fallible}, so {@code Weft.await} of them declares
 * {@code throws X} and a body catches the failure by its own type, as around
 * {@code BufferedReader.readLine}:
 *
 * {@snippet :
 * FallibleStream<String, IOException> lines = new BufReader(socket).lines(1024);
 * try {
 *     for (String line; (line = await(lines.nextOrNull())) != null; ) System.out.println(line);
 * } catch (LimitExceededException tooLong) {
 *     System.err.println("a line over 1024 bytes: " + tooLong.getMessage());
 * } catch (IOException e) {
 *     System.err.println("the connection failed: " + e);
 * }
 * }
 *
 * <p>The type only narrows what {@link #pollNext(Context)} may throw; everything else is as for
 * any {@link AsyncStream}.
 *
 * @param <T> the element type
 * @param <X> the checked exception an element may fail with ({@code RuntimeException}: none)
 */
@FunctionalInterface
public interface FallibleStream<T, X extends Exception> extends AsyncStream<T> {

    /**
     * Tries to produce the next element without blocking; as {@link AsyncStream#pollNext(Context)}.
     *
     * @param cx the context of the polling task
     * @return ready with the next element (never {@code null}), {@link #end()} at the end, or
     *     pending
     * @throws X if producing the element failed; this ends the stream (unchecked exceptions pass
     *     as well)
     */
    @Override
    Poll<T> pollNext(Context cx) throws X;

    /**
     * As {@link AsyncStream#next()}, typed: awaiting it throws {@code X}.
     *
     * @return a future of the next element, or empty at the end
     */
    @Override
    default Fallible<Optional<T>, X> next() {
        return new Next<T, X>(this);
    }

    /**
     * As {@link AsyncStream#nextOrNull()}, typed: awaiting it throws {@code X}. It keeps no state,
     * so a stream may give out one for all its elements.
     *
     * @return a future of the next element, or of {@code null} at the end
     */
    @Override
    default Fallible<T, X> nextOrNull() {
        return new NextOrNull<T, X>(this);
    }
}
