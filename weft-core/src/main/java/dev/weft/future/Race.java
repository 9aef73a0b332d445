package dev.weft.future;

import java.util.List;

/**
 * The future of {@link Future#race(Future[])}: the first future to finish (with an output or an
 * exception) wins; every other one is cancelled exactly once and never polled again. Children run
 * in a {@link FuturesUnordered}, so a poll costs O(children woken). Polling task only.
 */
final class Race<T> implements Future<T> {
    private final FuturesUnordered<T> set = new FuturesUnordered<>();

    Race(List<? extends Future<? extends T>> futures) {
        if (futures.isEmpty()) throw new IllegalArgumentException("race needs at least one future");
        for (Future<? extends T> f : futures) set.push(f);
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        FuturesUnordered.Node<T> n = set.pollNode(cx);
        if (n == null) return Poll.pending();
        if (n == FuturesUnordered.END) throw new IllegalStateException("race polled after completion or cancel");
        set.cancel();
        return Poll.ready(n.takeOutput());
    }

    @Override
    public void cancel() {
        set.cancel();
    }

    @Override
    public String toString() {
        return "Race[" + set.size() + " futures]";
    }
}
