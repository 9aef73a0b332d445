package dev.weft.future;

import java.util.Iterator;
import java.util.Objects;
import java.util.Optional;

/**
 * The stream of {@link Stream#fromIterable(Iterable)}: always ready with the iterator's next
 * element. The iterator is made on the first poll; polling task only.
 */
final class FromIterable<T> implements Stream<T> {
    private final Iterable<? extends T> source;
    private Iterator<? extends T> it;

    FromIterable(Iterable<? extends T> source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public Poll<Optional<T>> pollNext(Context cx) {
        if (it == null) it = source.iterator();
        return Poll.ready(it.hasNext() ? Optional.of(it.next()) : Optional.empty());
    }

    @Override
    public String toString() {
        return "Stream.fromIterable(" + source + ")";
    }
}
