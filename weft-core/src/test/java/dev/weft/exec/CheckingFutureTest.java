package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.future.Context;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The checker of the stress tests can fail: it sees each kind of violation when one happens. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CheckingFutureTest {

    @Test
    void itSeesAConcurrentPoll() throws Exception {
        CheckingFuture f = new CheckingFuture(0, 1, TimeUnit.MILLISECONDS.toNanos(200));
        Thread first = Thread.ofPlatform().start(() -> f.poll(Context.noop()));
        while (f.inPoll.get() == 0) Thread.onSpinWait();
        f.poll(Context.noop());
        first.join();
        assertEquals(1, f.concurrentPolls.get());
        assertEquals(1, f.violations());
    }

    @Test
    void itSeesPollsAfterCompletionAndAfterCancellationAndASecondCancel() {
        CheckingFuture done = new CheckingFuture(0, 0, 0);
        done.poll(Context.noop());
        done.poll(Context.noop());
        assertEquals(1, done.pollsAfterCompletion.get());

        CheckingFuture cancelled = new CheckingFuture(0, 1, 0);
        cancelled.cancel();
        cancelled.poll(Context.noop());
        cancelled.cancel();
        assertEquals(1, cancelled.pollsAfterCancel.get());
        assertEquals(2, cancelled.violations());
    }
}
