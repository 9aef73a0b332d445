package dev.weft.future;

import java.util.List;

/**
 * The future of {@link Future#select(List)}: runs all futures in a {@link FuturesUnordered} and
 * completes with the first one to finish (its index and output), cancelling the others. A child
 * that throws first wins too: the others are cancelled and the exception passes on. Polling task
 * only.
 */
final class Select<T> implements Future<Selected<T>> {
    private final FuturesUnordered<T> set = new FuturesUnordered<>();

    Select(List<? extends Future<? extends T>> futures) {
        if (futures.isEmpty()) throw new IllegalArgumentException("select needs at least one future");
        for (Future<? extends T> f : futures) set.push(f);
    }

    @Override
    public Poll<Selected<T>> poll(Context cx) throws Exception {
        FuturesUnordered.Node<T> n = set.pollNode(cx);
        if (n == null) return Poll.pending();
        if (n == FuturesUnordered.END) throw new IllegalStateException("select polled after completion or cancel");
        set.cancel();
        return Poll.ready(new Selected<>(n.index, n.takeOutput()));
    }

    @Override
    public void cancel() {
        set.cancel();
    }

    @Override
    public String toString() {
        return "Select[" + set.size() + " futures]";
    }
}
