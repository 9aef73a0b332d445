package dev.weft.future;

import java.util.Iterator;
import java.util.Objects;

/**
 * The stream of {@link AsyncStream#fromIterable(Iterable)}: always ready with the iterator's next
 * element. The iterator is made on the first poll; polling task only.
 */
final class FromIterable<T> implements AsyncStream<T> {
    private final Iterable<? extends T> source;
    private Iterator<? extends T> it;

    FromIterable(Iterable<? extends T> source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        if (it == null) it = source.iterator();
        if (!it.hasNext()) return AsyncStream.end();
        T next = it.next();
        if (next == null) throw new NullPointerException(this + " holds a null element: stream elements are never null");
        return Poll.ready(next);
    }

    @Override
    public String toString() {
        return "AsyncStream.fromIterable(" + source + ")";
    }
}
