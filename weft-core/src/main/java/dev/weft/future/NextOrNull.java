package dev.weft.future;

import java.util.Objects;

/**
 * The future of {@link AsyncStream#nextOrNull()}: the stream's next element, or {@code null} at its
 * end. It borrows the stream and keeps no state of its own, so one instance serves every element: a
 * stream may hand out the same one each time, and polling it again after it was ready asks for the
 * element after. Cancelling it leaves the stream as it is. Polling task only.
 *
 * <p>It fails with what the stream threw, typed {@code X}: {@code Exception} for any stream, the
 * declared type for a {@link FallibleStream} (whose {@code pollNext} throws nothing else checked).
 */
final class NextOrNull<T, X extends Exception> implements Fallible<T, X> {
    private final AsyncStream<T> stream;

    NextOrNull(AsyncStream<T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    @Override
    @SuppressWarnings("unchecked") // X is what the stream's pollNext throws (see the class comment)
    public Poll<T> poll(Context cx) throws X {
        Poll<T> p;
        try {
            p = stream.pollNext(cx);
        } catch (Exception e) {
            throw (X) e;
        }
        if (p.isPending()) return p;
        if (AsyncStream.isEnd(p)) return Poll.ready(null); // the one shared ready null: allocates nothing
        if (p.value() == null) throw NullElement.in(stream);
        return p; // the stream's own ready answer, handed on
    }

    @Override
    public String toString() {
        return "NextOrNull[" + stream + "]";
    }
}
