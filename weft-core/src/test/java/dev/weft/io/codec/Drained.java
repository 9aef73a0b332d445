package dev.weft.io.codec;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.util.ArrayList;
import java.util.List;

/**
 * What a stream answered when polled by hand until its end or its first error: the frames, and
 * the error if there was one. Polls with a no-op context, as the fakes here wake at once.
 *
 * @param frames the elements, in order
 * @param error what the stream threw, or {@code null} if it ended
 * @param <T> the element type
 */
record Drained<T>(List<T> frames, Throwable error) {
    private static final int MAX_POLLS = 10_000_000;

    /** @return everything {@code stream} answers; an {@link AssertionError} if it never ends */
    static <T> Drained<T> of(AsyncStream<T> stream) {
        List<T> frames = new ArrayList<>();
        for (int i = 0; i < MAX_POLLS; i++) {
            Poll<T> p;
            try {
                p = stream.pollNext(Context.noop());
            } catch (Throwable e) {
                return new Drained<>(frames, e);
            }
            if (AsyncStream.isEnd(p)) return new Drained<>(frames, null);
            if (p instanceof Poll.Ready<T>(T frame)) frames.add(frame);
        }
        throw new AssertionError("the stream did not end within " + MAX_POLLS + " polls");
    }

    /** Polls {@code f} by hand until it completes; its exception is thrown. */
    static <T> T complete(IoFuture<T> f) throws Exception {
        for (int i = 0; i < MAX_POLLS; i++) {
            if (f.poll(Context.noop()) instanceof Poll.Ready<T>(T v)) return v;
        }
        throw new AssertionError("the future did not complete within " + MAX_POLLS + " polls");
    }
}
