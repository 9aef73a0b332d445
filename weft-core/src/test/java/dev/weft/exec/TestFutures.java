package dev.weft.exec;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.List;

/** Small futures for the executor tests. */
final class TestFutures {
    private TestFutures() {}

    /** Pending once after waking itself (a yield), then ready with {@code value}. */
    static <T> Future<T> yieldThen(T value) {
        return new Future<>() {
            private boolean yielded;

            @Override
            public Poll<T> poll(Context cx) {
                if (yielded) return Poll.ready(value);
                yielded = true;
                cx.waker().wake();
                return Poll.pending();
            }
        };
    }

    /** Never ready, never wakes itself; counts its cancel() calls in {@code cancels[0]}. */
    static Future<Void> pendingForever(java.util.concurrent.atomic.AtomicInteger cancels) {
        return new Future<>() {
            @Override
            public Poll<Void> poll(Context cx) {
                return Poll.pending();
            }

            @Override
            public void cancel() {
                cancels.incrementAndGet();
            }
        };
    }

    /** Awaits every handle in order and sums the outputs. */
    static Future<Long> sumAll(List<? extends Future<Integer>> handles) {
        return new Future<>() {
            private int i;
            private long sum;

            @Override
            public Poll<Long> poll(Context cx) throws Exception {
                while (i < handles.size()) {
                    Poll<Integer> p = handles.get(i).poll(cx);
                    if (p.isPending()) return Poll.pending();
                    sum += p.value();
                    i++;
                }
                return Poll.ready(sum);
            }
        };
    }
}
