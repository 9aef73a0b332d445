package dev.weft.weaver.testkit;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The futures a {@link Probe} makes: ready after some self-waking pending polls, completed by
 * another thread, never ready, parked in a lane, or a race's winner that waits for a lane to park.
 * Each counts its polls and its cancellation on the probe and throws {@link IllegalStateException}
 * if polled after it completed or was cancelled.
 *
 * <p>A future of lane 0 that is where the program stops ({@link Stops}) stays pending from its
 * first pending poll on and wakes nobody: a remote one never starts its completer, a self-waking
 * one never wakes itself.
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

    /** The lane of futures that count no suspension (cleanup work, {@link Probe#never()}). */
    static final int NO_LANE = -1;

    private enum Kind { SELF_WAKING, REMOTE, NEVER, PARKED, WINNER }

    private final Probe probe;
    private final Kind kind;
    private final int lane;
    private final T value;
    private final Exception failure;
    private int pendingPolls; // owner only
    private boolean wentPending; // owner only: answered pending once
    private boolean stuck; // owner only: the program stops here, pending for ever
    private boolean started; // owner only: REMOTE's completer submitted
    private boolean finished; // owner only: completed, threw or cancelled
    private volatile boolean completed; // REMOTE: set by the completer
    private volatile Waker waker; // REMOTE: the latest poller's waker
    private final int parksBefore; // WINNER: its lane's parks when it was made

    private ProbeFuture(Probe probe, Kind kind, int lane, int pendingPolls, T value, Exception failure) {
        this.probe = probe;
        this.kind = kind;
        this.lane = lane;
        this.pendingPolls = pendingPolls;
        this.value = value;
        this.failure = failure;
        this.parksBefore = kind == Kind.WINNER ? probe.stops().parks(lane) : 0;
    }

    static <T> ProbeFuture<T> selfWaking(Probe probe, int lane, int pendingPolls, T value, Exception failure) {
        return new ProbeFuture<>(probe, Kind.SELF_WAKING, lane, pendingPolls, value, failure);
    }

    static <T> ProbeFuture<T> remote(Probe probe, int lane, T value) {
        return new ProbeFuture<>(probe, Kind.REMOTE, lane, 0, value, null);
    }

    static <T> ProbeFuture<T> never(Probe probe) {
        return new ProbeFuture<>(probe, Kind.NEVER, NO_LANE, 0, null, null);
    }

    static <T> ProbeFuture<T> parked(Probe probe, int lane) {
        return new ProbeFuture<>(probe, Kind.PARKED, lane, 0, null, null);
    }

    static <T> ProbeFuture<T> winner(Probe probe, int lane, T value, int pollsAfterPark) {
        return new ProbeFuture<>(probe, Kind.WINNER, lane, pollsAfterPark, value, null);
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        if (finished) throw new IllegalStateException("probe future polled after it completed or was cancelled: " + this);
        probe.polled();
        if (stuck) return Poll.pending();
        switch (kind) {
            case NEVER -> {
                return Poll.pending();
            }
            case PARKED -> {
                stopsHere(true);
                return Poll.pending();
            }
            case WINNER -> {
                // pending, waking itself, until a future of its lane parked since it was made; then
                // pendingPolls more times
                boolean parked = probe.stops().parks(lane) > parksBefore;
                if (!parked || pendingPolls > 0) {
                    if (parked) pendingPolls--;
                    cx.waker().wake();
                    return Poll.pending();
                }
            }
            case REMOTE -> {
                waker = cx.waker();
                if (!started) {
                    if (stopsHere(false)) return Poll.pending();
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
                    if (stopsHere(false)) return Poll.pending();
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

    /** The first pending poll: counted as a suspension of its lane; {@code true} if the program stops here. */
    private boolean stopsHere(boolean parked) {
        if (wentPending) return false;
        wentPending = true;
        stuck = probe.stops().wentPending(lane, parked);
        return stuck;
    }

    @Override
    public void cancel() {
        if (finished) throw new IllegalStateException("probe future cancelled after it completed or was cancelled: " + this);
        finished = true;
        probe.cancelled();
    }

    @Override
    public String toString() {
        return "ProbeFuture[" + kind + (lane != NO_LANE ? ", lane " + lane : "")
                + (failure != null ? ", fails with " + failure : ", value " + value) + "]";
    }
}
