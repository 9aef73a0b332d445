package dev.weft.future;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The future of {@link Future#joinAll(List)}: runs all futures in a {@link FuturesUnordered} (so a
 * poll costs O(children woken)) and completes with their outputs in list order. If one throws, the
 * set cancels all the others and, once they finished cancelling, the exception passes on
 * unchanged. Polling task only.
 */
final class JoinAll<T> implements Future<List<T>> {
    private final FuturesUnordered<T> set = new FuturesUnordered<>();
    private final Object[] outputs;
    private int remaining;

    JoinAll(List<? extends Future<? extends T>> futures) {
        outputs = new Object[futures.size()];
        remaining = outputs.length;
        for (Future<? extends T> f : futures) set.push(f);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Poll<List<T>> poll(Context cx) throws Exception {
        while (remaining > 0) {
            FuturesUnordered.Node<T> n = set.pollNode(cx);
            if (n == null) return Poll.pending();
            if (n == FuturesUnordered.END) throw new IllegalStateException("joinAll polled after completion or cancel");
            outputs[n.index] = n.takeOutput();
            remaining--;
        }
        return Poll.ready(Collections.unmodifiableList(Arrays.asList((T[]) outputs)));
    }

    @Override
    public void cancel() {
        remaining = 0;
        set.cancel();
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        return set.pollCancel(cx);
    }

    @Override
    public String toString() {
        return "JoinAll[" + remaining + " of " + outputs.length + " pending]";
    }
}
