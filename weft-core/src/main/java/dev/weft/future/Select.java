package dev.weft.future;

import java.util.List;

/**
 * The future of {@link Future#select(List)}: runs all futures in a {@link FuturesUnordered} and
 * completes with the first one to finish (its index and output), cancelling the others; it
 * answers once they have finished cancelling. A child that throws first wins too: the others are
 * cancelled and the exception passes on once they are done. {@code selected} holds the winner
 * while the others finish cancelling, {@code over} is set once it answered. Polling task only.
 */
final class Select<T> implements Future<Selected<T>> {
    private final FuturesUnordered<T> set = new FuturesUnordered<>();
    private Selected<T> selected;
    private boolean over;

    Select(List<? extends Future<? extends T>> futures) {
        if (futures.isEmpty()) throw new IllegalArgumentException("select needs at least one future");
        for (Future<? extends T> f : futures) set.push(f);
    }

    @Override
    public Poll<Selected<T>> poll(Context cx) throws Exception {
        if (over) throw new IllegalStateException("select polled after completion or cancel");
        if (selected == null) {
            FuturesUnordered.Node<T> n = set.pollNode(cx);
            if (n == null) return Poll.pending();
            if (n == FuturesUnordered.END) throw new IllegalStateException("select polled after completion or cancel");
            selected = new Selected<>(n.index, n.takeOutput());
            set.cancel();
        }
        if (set.pollCancel(cx).isPending()) return Poll.pending();
        over = true;
        Selected<T> s = selected;
        selected = null;
        return Poll.ready(s);
    }

    @Override
    public void cancel() {
        over = true;
        selected = null;
        set.cancel();
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        return set.pollCancel(cx);
    }

    @Override
    public String toString() {
        return "Select[" + set.size() + " futures]";
    }
}
