package dev.weft.future;

import java.util.List;

/**
 * The future of {@link Future#race(Future[])}: the first future to finish (with an output or an
 * exception) wins; every other one is cancelled exactly once and never polled again, and the race
 * answers once they have all finished cancelling (their {@code finally} blocks ran). Children run
 * in a {@link FuturesUnordered}, so a poll costs O(children woken).
 *
 * <pre>
 * won      a winner's output is held in winner while the losers finish cancelling
 * over     the race answered: a further poll is refused
 * </pre>
 * Polling task only.
 */
final class Race<T> implements Future<T> {
    private final FuturesUnordered<T> set = new FuturesUnordered<>();
    private boolean won;
    private boolean over;
    private T winner;

    Race(List<? extends Future<? extends T>> futures) {
        if (futures.isEmpty()) throw new IllegalArgumentException("race needs at least one future");
        for (Future<? extends T> f : futures) set.push(f);
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        if (over) throw new IllegalStateException("race polled after completion or cancel");
        if (!won) {
            FuturesUnordered.Node<T> n = set.pollNode(cx);
            if (n == null) return Poll.pending();
            if (n == FuturesUnordered.END) throw new IllegalStateException("race polled after completion or cancel");
            won = true;
            winner = n.takeOutput();
            set.cancel();
        }
        if (set.pollCancel(cx).isPending()) return Poll.pending();
        over = true;
        T w = winner;
        winner = null;
        return Poll.ready(w);
    }

    @Override
    public void cancel() {
        over = true;
        winner = null;
        set.cancel();
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        return set.pollCancel(cx);
    }

    @Override
    public String toString() {
        return "Race[" + set.size() + " futures]";
    }
}
