package dev.weft.sync;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/** Poll-by-hand kit: a waker that counts its wakes, and one-poll helpers. */
final class CountingWaker implements Waker {
    private final AtomicInteger wakes = new AtomicInteger();
    final Context cx = Context.of(this);

    @Override
    public void wake() {
        wakes.incrementAndGet();
    }

    int wakes() {
        return wakes.get();
    }

    <T> Poll<T> poll(Future<T> f) {
        try {
            return f.poll(cx);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    <T> Poll<T> pollNext(AsyncStream<T> s) {
        try {
            return s.pollNext(cx);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
