package dev.weft.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.testkit.Polls;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A subscriber that records every signal, checking that they are never concurrent. */
final class RecordingSubscriber<T> implements Flow.Subscriber<T> {
    static final Duration BOUND = Duration.ofSeconds(20);

    private final CompletableFuture<Flow.Subscription> subscription = new CompletableFuture<>();
    private final CompletableFuture<Optional<Throwable>> terminal = new CompletableFuture<>();
    private final List<T> items = new CopyOnWriteArrayList<>();
    private final AtomicInteger inSignal = new AtomicInteger();
    private volatile String misuse;

    @Override
    public void onSubscribe(Flow.Subscription s) {
        enter();
        if (!subscription.complete(s)) misuse = "onSubscribe twice";
        leave();
    }

    @Override
    public void onNext(T item) {
        enter();
        if (!subscription.isDone() || terminal.isDone()) misuse = "onNext outside the subscription";
        items.add(item);
        leave();
    }

    @Override
    public void onError(Throwable error) {
        enter();
        if (!terminal.complete(Optional.of(error))) misuse = "a second terminal signal: " + error;
        leave();
    }

    @Override
    public void onComplete() {
        enter();
        if (!terminal.complete(Optional.empty())) misuse = "a second terminal signal: onComplete";
        leave();
    }

    private void enter() {
        if (inSignal.incrementAndGet() != 1) misuse = "signals overlapped (Rule 1.3)";
    }

    private void leave() {
        inSignal.decrementAndGet();
    }

    /** @return the subscription, waiting for onSubscribe */
    Flow.Subscription subscription() throws Exception {
        return subscription.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    }

    boolean isSubscribed() {
        return subscription.isDone();
    }

    /** @return the elements so far */
    List<T> items() {
        return List.copyOf(items);
    }

    void awaitItems(int n) {
        Polls.awaitCondition(() -> items.size() >= n, BOUND, n + " elements");
    }

    /** Waits for onComplete; fails on onError. */
    void awaitComplete() throws Exception {
        Optional<Throwable> t = terminal.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        assertThat(t).as("completed, not failed").isEmpty();
        assertNoMisuse();
    }

    /** @return the throwable of onError, waiting for it; fails on onComplete */
    Throwable awaitError() throws Exception {
        Optional<Throwable> t = terminal.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        assertThat(t).as("failed, not completed").isPresent();
        assertNoMisuse();
        return t.get();
    }

    /** @return whether onError or onComplete was signalled */
    boolean isTerminated() {
        return terminal.isDone();
    }

    void assertNoMisuse() {
        assertThat(misuse).as("protocol misuse seen by the subscriber").isNull();
    }
}
