package dev.weft.weaver.testkit;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The futures a {@link Probe} makes: ready after some self-waking pending polls, completed by
 * another thread, or never ready. Each counts its polls and its cancellation on the probe and
 * throws {@link IllegalStateException} if polled after it completed or was cancelled.
 *
 * <p>Owner-polled (the {@link Future} contract); only {@code completed} and {@code waker} are
 * shared with the completer thread, both volatile: a poll writes the waker and then reads
 * {@code completed}, the completer writes {@code completed} and then reads the waker, so one of the
 * two sees the other and no wake-up is lost.
 *
 * @param <T> the output type
 */
final class ProbeFuture<T> implements Future<T> {
    private static final ExecutorService COMPLETER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "probe-completer");
        t.setDaemon(true);
        return t;
    });

    private enum Kind { SELF_WAKING, REMOTE, NEVER }

    private final Probe probe;
    private final Kind kind;
    private final T value;
    private final Exception failure;
    private int pendingPolls; // owner only
    private boolean started; // owner only: REMOTE's completer submitted
    private boolean finished; // owner only: completed, threw or cancelled
    private volatile boolean completed; // REMOTE: set by the completer
    private volatile Waker waker; // REMOTE: the latest poller's waker

    private ProbeFuture(Probe probe, Kind kind, int pendingPolls, T value, Exception failure) {
        this.probe = probe;
        this.kind = kind;
        this.pendingPolls = pendingPolls;
        this.value = value;
        this.failure = failure;
    }

    static <T> ProbeFuture<T> selfWaking(Probe probe, int pendingPolls, T value, Exception failure) {
        return new ProbeFuture<>(probe, Kind.SELF_WAKING, pendingPolls, value, failure);
    }

    static <T> ProbeFuture<T> remote(Probe probe, T value) {
        return new ProbeFuture<>(probe, Kind.REMOTE, 0, value, null);
    }

    static <T> ProbeFuture<T> never(Probe probe) {
        return new ProbeFuture<>(probe, Kind.NEVER, 0, null, null);
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        if (finished) throw new IllegalStateException("probe future polled after it completed or was cancelled: " + this);
        probe.polled();
        switch (kind) {
            case NEVER -> {
                return Poll.pending();
            }
            case REMOTE -> {
                waker = cx.waker();
                if (!started) {
                    started = true;
                    COMPLETER.execute(() -> {
                        completed = true;
                        waker.wake();
                    });
                    return Poll.pending();
                }
                if (!completed) return Poll.pending();
            }
            case SELF_WAKING -> {
                if (pendingPolls > 0) {
                    pendingPolls--;
                    cx.waker().wake();
                    return Poll.pending();
                }
            }
        }
        finished = true;
        if (failure != null) throw failure;
        return Poll.ready(value);
    }

    @Override
    public void cancel() {
        if (finished) throw new IllegalStateException("probe future cancelled after it completed or was cancelled: " + this);
        finished = true;
        probe.cancelled();
    }

    @Override
    public String toString() {
        return "ProbeFuture[" + kind + (failure != null ? ", fails with " + failure : ", value " + value) + "]";
    }
}
