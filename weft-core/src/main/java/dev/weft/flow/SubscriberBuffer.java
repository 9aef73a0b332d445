package dev.weft.flow;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Waker;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;

/**
 * The subscriber that {@link PublisherStream} hands to its publisher: a bounded buffer between the
 * publisher's threads (the four signals) and the one task that polls the stream (the owner
 * methods, {@link #take}, {@link #addDemand}, {@link #subscription()}, {@link #cancel()}).
 *
 * <h2>State</h2>
 * Every field below is guarded by {@code lock}. Nothing is called under the lock: a subscription's
 * {@code cancel} and a waker's {@code wake} are called after it is released.
 * <pre>
 * field         meaning                                                   written by
 * subscription  the first onSubscribe's, or null                          onSubscribe
 * demand        requested by the owner and not yet delivered by onNext    addDemand (+), onNext (-)
 * queue         delivered and not yet taken, at most the owner's batch    onNext (add), take (remove)
 * waker         the owner's, while it waits for a signal; cleared on wake take (set), any signal (clear)
 * failure       onError's throwable, or the publisher's protocol breach   onNext, onError
 * breach        failure is a breach (the owner must cancel)               onNext, onError
 * completed     onComplete was signalled                                  onComplete
 * cancelled     the owner cancelled: later signals are dropped            cancel
 * </pre>
 * Transitions of a signal, by what it finds:
 * <pre>
 * signal        cancelled or terminal   otherwise
 * onSubscribe   cancels the new one     first: stored, owner woken; later: cancels the new one (2.5)
 * onNext        dropped (2.8)           demand &gt; 0: queued, demand-1, owner woken; demand 0: breach (1.1)
 * onError       dropped                 failure set, owner woken
 * onComplete    dropped                 completed set, owner woken
 * </pre>
 * A {@code null} argument throws {@link NullPointerException} (Rule 2.13) and, unless the buffer is
 * already cancelled or terminal, also fails the stream as a breach, so that its owner does not wait
 * for ever. "Terminal" is {@code failure != null || completed}; the queue is still drained before
 * the owner sees it.
 *
 * <p>Memory consistency effects: everything a publisher's thread did before a signal
 * happens-before the owner's {@code take} that sees that signal, through {@code lock}.
 */
final class SubscriberBuffer<T> implements Flow.Subscriber<T> {
    /** {@link #take} found nothing and registered the waker. */
    static final Object EMPTY = new Object();
    /** {@link #take} found the queue drained and {@code onComplete} signalled. */
    static final Object COMPLETE = new Object();
    /** {@link #take} found the queue drained and a failure: see {@link #failure()}. */
    static final Object FAILED = new Object();

    private final Object lock = new Object();
    private final String name;
    private final ArrayDeque<T> queue;
    private Flow.Subscription subscription;
    private long demand;
    private Waker waker;
    private Throwable failure;
    private boolean breach;
    private boolean completed;
    private boolean cancelled;

    SubscriberBuffer(String name, int batch) {
        this.name = name;
        this.queue = new ArrayDeque<>(batch);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        if (s == null) throw breach(new NullPointerException("onSubscribe(null) to " + name + " (Rule 2.13)"));
        boolean keep;
        Waker w = null;
        synchronized (lock) {
            keep = subscription == null && !cancelled;
            if (keep) {
                subscription = s;
                w = takeWaker();
            }
        }
        if (!keep) s.cancel(); // Rule 2.5: a second subscription, or one for a cancelled stream
        else if (w != null) Wakes.wake(w);
    }

    @Override
    public void onNext(T item) {
        if (item == null) throw breach(new NullPointerException("onNext(null) to " + name + " (Rule 2.13)"));
        Waker w;
        synchronized (lock) {
            if (cancelled || isTerminal()) return; // Rule 2.8: signals after cancel are expected
            if (demand == 0) {
                failure = new IllegalStateException("the publisher of " + name + " signalled onNext without demand (Rule 1.1)");
                breach = true;
            } else {
                demand--;
                queue.add(item);
            }
            w = takeWaker();
        }
        if (w != null) Wakes.wake(w);
    }

    @Override
    public void onError(Throwable error) {
        if (error == null) throw breach(new NullPointerException("onError(null) to " + name + " (Rule 2.13)"));
        terminate(error);
    }

    @Override
    public void onComplete() {
        terminate(null);
    }

    /** Sets the terminal signal ({@code error}, or completion when {@code null}) and wakes the owner. */
    private void terminate(Throwable error) {
        Waker w;
        synchronized (lock) {
            if (cancelled || isTerminal()) return;
            if (error != null) failure = error;
            else completed = true;
            w = takeWaker();
        }
        if (w != null) Wakes.wake(w);
    }

    /** Records {@code npe} as a breach unless already cancelled or terminal, wakes the owner; returns it. */
    private NullPointerException breach(NullPointerException npe) {
        Waker w = null;
        synchronized (lock) {
            if (!cancelled && !isTerminal()) {
                failure = npe;
                breach = true;
                w = takeWaker();
            }
        }
        if (w != null) Wakes.wake(w);
        return npe;
    }

    private boolean isTerminal() {
        return failure != null || completed;
    }

    private Waker takeWaker() {
        Waker w = waker;
        waker = null;
        return w;
    }

    /**
     * Owner only: the next element, or {@link #EMPTY} (after registering {@code w}), {@link #COMPLETE}
     * or {@link #FAILED} once the queue is drained.
     */
    Object take(Waker w) {
        synchronized (lock) {
            T item = queue.poll();
            if (item != null) return item;
            if (failure != null) return FAILED;
            if (completed) return COMPLETE;
            waker = w;
            return EMPTY;
        }
    }

    /**
     * Owner only, before it calls {@code request(n)}: {@code n} more elements may be delivered.
     *
     * @return {@code false} if the subscription is over (cancelled, or ended by the publisher) and
     *     must not be asked for more
     */
    boolean addDemand(long n) {
        synchronized (lock) {
            if (cancelled || isTerminal()) return false;
            demand += n;
            return true;
        }
    }

    /** @return the subscription, once {@code onSubscribe} was signalled, else {@code null} */
    Flow.Subscription subscription() {
        synchronized (lock) {
            return subscription;
        }
    }

    /** @return the failure, once {@link #take} answered {@link #FAILED} */
    Throwable failure() {
        synchronized (lock) {
            return failure;
        }
    }

    /** @return whether the failure is the publisher's breach of the protocol, not its onError */
    boolean isBreach() {
        synchronized (lock) {
            return breach;
        }
    }

    /**
     * Owner only: drops what is buffered and every later signal.
     *
     * @return the subscription to cancel (outside any lock), or {@code null} if there is none yet
     *     (a later {@code onSubscribe} is then cancelled on arrival) or the publisher already ended
     *     it with {@code onError}/{@code onComplete}
     */
    Flow.Subscription cancel() {
        synchronized (lock) {
            if (cancelled) return null;
            cancelled = true;
            queue.clear();
            waker = null;
            boolean endedByPublisher = completed || (failure != null && !breach);
            return endedByPublisher ? null : subscription;
        }
    }

    @Override
    public String toString() {
        return "SubscriberBuffer[" + name + "]";
    }
}
