package dev.weft.examples;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/** Seed 000's counter future: pending (after waking itself) until it has been polled {@code n} times. */
final class CounterFuture implements Future<Integer> {
    private final int n;
    private int count;

    CounterFuture(int n) {
        this.n = n;
    }

    @Override
    public Poll<Integer> poll(Context cx) {
        count++;
        System.out.println("  counter: poll " + count + " of " + n);
        if (count >= n) return Poll.ready(count);
        cx.waker().wake();
        return Poll.pending();
    }
}
