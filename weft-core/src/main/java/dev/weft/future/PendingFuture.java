package dev.weft.future;

/** The future of {@link Future#pending()}: never ready, never wakes anyone. */
final class PendingFuture<T> implements Future<T> {
    private static final PendingFuture<?> INSTANCE = new PendingFuture<>();

    private PendingFuture() {}

    @SuppressWarnings("unchecked")
    static <T> PendingFuture<T> instance() {
        return (PendingFuture<T>) INSTANCE;
    }

    @Override
    public Poll<T> poll(Context cx) {
        return Poll.pending();
    }

    @Override
    public String toString() {
        return "Future.pending()";
    }
}
