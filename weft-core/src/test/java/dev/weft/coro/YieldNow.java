package dev.weft.coro;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/** Pending once (after waking itself), then ready: Rust's {@code yield_now}. */
final class YieldNow implements Future<Void> {
    private boolean yielded;

    @Override
    public Poll<Void> poll(Context cx) {
        if (yielded) return Poll.ready(null);
        yielded = true;
        cx.waker().wake();
        return Poll.pending();
    }
}
