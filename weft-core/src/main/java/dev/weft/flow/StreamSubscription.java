package dev.weft.flow;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Flow;

/**
 * The subscription of a {@link StreamPublisher}: the part of a subscription that the subscriber's
 * threads touch. The {@link SubscriptionDriver} reads it; everything else of the subscription is
 * the driver's.
 *
 * <h2>State</h2>
 * <pre>
 * field      meaning                                          written by                 read by
 * demand     requested and not yet delivered; Long.MAX_VALUE  request (CAS, saturating),  driver
 *            means unbounded (Rule 3.17) and is never         driver (CAS, minus one per
 *            decremented                                      onNext)
 * cancelled  cancel() was called (Rules 3.5, 3.7)             cancel                     driver, request
 * illegal    the first non-positive n requested, or NONE      request                    driver
 * waker      the driver's task, registered at the start of    driver (every poll)        request, cancel
 *            each poll
 * </pre>
 * All four are volatile. The driver writes {@code waker} and then reads the rest; a subscriber
 * thread writes {@code demand}, {@code cancelled} or {@code illegal} and then reads {@code waker}:
 * so either the driver sees the change, or the subscriber's thread sees the waker and wakes it. A
 * request wakes only when demand goes from zero to positive (the driver waits for demand only
 * after it saw zero), {@code cancel} and an illegal request always wake.
 *
 * <p>Memory consistency effects: a subscriber's actions before {@code request(n)} happen-before
 * the driver delivers the elements that this demand allows.
 *
 * <p>Not final so that a Lincheck test can check a deliberately broken subclass, whose
 * {@link #demandArrived()} does not wake the driver; no production code extends it.
 */
class StreamSubscription implements Flow.Subscription {
    /** The value of {@code illegal} while no non-positive request was made (those are {@code <= 0}). */
    static final long NONE = 1;

    private static final VarHandle DEMAND;

    static {
        try {
            DEMAND = MethodHandles.lookup().findVarHandle(StreamSubscription.class, "demand", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private volatile long demand;
    private volatile boolean cancelled;
    private volatile long illegal = NONE;
    private volatile Waker waker;

    /** @param name the subscription's name, for its {@code toString} */
    StreamSubscription(String name) {
        this.name = name;
    }

    /**
     * Adds {@code n} to the demand (saturating at {@code Long.MAX_VALUE}); a non-positive
     * {@code n} makes the driver signal {@link IllegalArgumentException} (Rule 3.9). A no-op once
     * cancelled (Rule 3.6). Never calls the subscriber, so it cannot recurse (Rule 3.3).
     */
    @Override
    public void request(long n) {
        if (cancelled) return;
        if (n <= 0) {
            if (illegal == NONE) illegal = n; // the first one is reported; requests are serial (Rule 2.7)
            wake();
            return;
        }
        long prev;
        long next;
        do {
            prev = demand;
            if (prev == Long.MAX_VALUE) return;
            next = prev + n;
            if (next < 0) next = Long.MAX_VALUE;
        } while (!DEMAND.compareAndSet(this, prev, next));
        if (prev == 0) demandArrived();
    }

    /**
     * Demand went from zero to positive: wakes the driver, which waits for demand only after it
     * saw zero.
     */
    void demandArrived() {
        wake();
    }

    /** Stops the subscription: the driver cancels the stream and signals nothing more. Idempotent. */
    @Override
    public void cancel() {
        if (cancelled) return;
        cancelled = true;
        wake();
    }

    private void wake() {
        Waker w = waker;
        if (w != null) Wakes.wake(w);
    }

    /** Driver only, first thing in each poll: the waker that request and cancel wake. */
    void register(Waker w) {
        waker = w;
    }

    /** @return whether {@link #cancel()} was called */
    boolean isCancelled() {
        return cancelled;
    }

    /** @return the first non-positive request, or {@link #NONE} */
    long illegalRequest() {
        return illegal;
    }

    /** @return whether some demand is outstanding */
    boolean hasDemand() {
        return demand != 0;
    }

    /** Driver only, for each onNext: one less outstanding, unless unbounded. */
    void consumeOne() {
        long d;
        do {
            d = demand;
            if (d == Long.MAX_VALUE) return;
        } while (!DEMAND.compareAndSet(this, d, d - 1));
    }

    @Override
    public String toString() {
        return "StreamSubscription[" + name + ", demand=" + demand + (cancelled ? ", cancelled" : "") + "]";
    }
}
