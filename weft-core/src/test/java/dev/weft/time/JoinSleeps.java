package dev.weft.time;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Test helper: awaits many sleeps at once, polling only the ones that were woken, and records
 * for each the time it was seen ready. Output: the number of sleeps seen early (must be 0).
 */
final class JoinSleeps implements Future<Integer> {
    private final Sleep[] sleeps;
    private final long[] doneAt;
    private final ConcurrentLinkedQueue<Integer> woken = new ConcurrentLinkedQueue<>();
    private final Waker[] childWakers;
    private volatile Waker parent;
    private int left;
    private boolean started;

    JoinSleeps(Sleep[] sleeps) {
        this.sleeps = sleeps;
        this.doneAt = new long[sleeps.length];
        this.childWakers = new Waker[sleeps.length];
        this.left = sleeps.length;
        for (int i = 0; i < sleeps.length; i++) {
            int index = i;
            childWakers[i] = () -> {
                woken.add(index);
                parent.wake();
            };
        }
    }

    long doneAt(int i) {
        return doneAt[i];
    }

    @Override
    public Poll<Integer> poll(Context cx) {
        parent = cx.waker();
        if (!started) {
            started = true;
            for (int i = 0; i < sleeps.length; i++) pollChild(i);
        }
        Integer i;
        while ((i = woken.poll()) != null) {
            if (doneAt[i] == 0) pollChild(i);
        }
        if (left > 0) return Poll.pending();
        int early = 0;
        for (int k = 0; k < sleeps.length; k++) {
            if (doneAt[k] - sleeps[k].deadline() < 0) early++;
        }
        return Poll.ready(early);
    }

    private void pollChild(int i) {
        if (sleeps[i].poll(Context.of(childWakers[i])).isReady()) {
            doneAt[i] = System.nanoTime();
            left--;
        }
    }

    @Override
    public void cancel() {
        for (int i = 0; i < sleeps.length; i++) {
            if (doneAt[i] == 0) sleeps[i].cancel();
        }
    }
}
