package dev.weft.future;

import java.util.Objects;
import java.util.function.Function;

/** The future of {@link Future#pollFn(Function)}: each poll calls the function. */
final class PollFn<T> implements Future<T> {
    private final Function<? super Context, ? extends Poll<T>> fn;

    PollFn(Function<? super Context, ? extends Poll<T>> fn) {
        this.fn = Objects.requireNonNull(fn, "fn");
    }

    @Override
    public Poll<T> poll(Context cx) {
        return fn.apply(cx);
    }

    @Override
    public String toString() {
        return "Future.pollFn(" + fn + ")";
    }
}
