package dev.weft.weaver.testkit;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;

/**
 * The futures of one lane of a {@link Probe}: lane 0 is the task's own body (and the child bodies
 * it awaits inline), whose suspensions count towards where the program stops
 * ({@link Probe#stopAt(int)}); each child body that runs beside its parent (a race's loser, a
 * timeout's inner body) has a lane of its own, which {@link Probe#lane(int)} gives.
 *
 * {@snippet :
 * Probe p = new Probe();
 * String s = Weft.blockOn(Future.race(Weft.async(() -> await(p.lane(1).<String>parked())),
 *         p.winner(1, "won", 2)));   // "won", once the loser parked and two more polls
 * }
 */
public final class ProbeLane {
    private final Probe probe;
    private final int lane;

    ProbeLane(Probe probe, int lane) {
        this.probe = probe;
        this.lane = lane;
    }

    /**
     * @param value the output
     * @param <T> its type
     * @return a future ready on its first poll
     */
    public <T> Future<T> ready(T value) {
        return ProbeFuture.selfWaking(probe, lane, 0, value, null);
    }

    /**
     * @param value the output
     * @param pendingPolls how many polls answer pending first, each after waking the poller
     * @param <T> its type
     * @return a future ready on poll {@code pendingPolls + 1}
     */
    public <T> Future<T> later(T value, int pendingPolls) {
        return ProbeFuture.selfWaking(probe, lane, pendingPolls, value, null);
    }

    /**
     * @param value the output
     * @param <T> its type
     * @return a future pending on its first poll, then completed and woken by another thread
     */
    public <T> Future<T> remote(T value) {
        return ProbeFuture.remote(probe, lane, value);
    }

    /**
     * @param message the exception's message
     * @param <T> the output type it pretends to have
     * @return a future pending once, then throwing an {@link IOException}: a {@code Fallible}, so
     *     awaiting code catches it by its type
     */
    public <T> Fallible<T, IOException> failChecked(String message) {
        Future<T> f = ProbeFuture.selfWaking(probe, lane, 1, null, new IOException(message));
        return new Fallible<>() {
            @Override
            public Poll<T> poll(Context cx) throws IOException {
                try {
                    return f.poll(cx);
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new AssertionError("a probe failed with an unexpected exception", e);
                }
            }

            @Override
            public void cancel() {
                f.cancel();
            }

            @Override
            public String toString() {
                return f.toString();
            }
        };
    }

    /**
     * @param message the exception's message
     * @param <T> the output type it pretends to have
     * @return a future pending once, then throwing an {@link IllegalStateException}
     */
    public <T> Future<T> failUnchecked(String message) {
        return ProbeFuture.selfWaking(probe, lane, 1, null, new IllegalStateException(message));
    }

    /**
     * @param <T> the output type it pretends to have
     * @return a future that is never ready and never wakes anyone; its first poll marks the lane
     *     as parked (in lane 0: the program stops there, see {@link Probe#stopAt(int)})
     */
    public <T> Future<T> parked() {
        return ProbeFuture.parked(probe, lane);
    }
}
