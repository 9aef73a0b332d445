package dev.weft.future;

/** The future of {@link Future#ready(Object)}: ready on its first poll. */
final class ReadyFuture<T> implements Future<T> {
    private final T value;

    ReadyFuture(T value) {
        this.value = value;
    }

    @Override
    public Poll<T> poll(Context cx) {
        return Poll.ready(value);
    }

    @Override
    public String toString() {
        return "Future.ready(" + value + ")";
    }
}
