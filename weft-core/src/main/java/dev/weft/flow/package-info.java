/**
 * Interop with {@link java.util.concurrent.Flow} (Reactive Streams): a {@code Flow.Publisher} read
 * as a Weft {@link dev.weft.future.AsyncStream}, and an {@code AsyncStream} offered as a
 * {@code Flow.Publisher}, both through {@link dev.weft.flow.FlowAdapters}. Both sides are checked
 * with the Reactive Streams TCK ({@code reactive-streams-tck-flow}, in weft-core's tests: the
 * publisher verification, and the black-box and white-box subscriber verifications).
 *
 * <h2>Implementation overview (for maintainers)</h2>
 * <ul>
 *   <li><b>Publisher to stream.</b> {@code PublisherStream} is the stream; its owner (the task
 *       polling it) subscribes on the first poll and is the only caller of the subscription's
 *       {@code request} and {@code cancel} (Rule 2.7 asks for them to be serial). The subscriber it
 *       hands to the publisher, {@code SubscriberBuffer}, is the only part the publisher's threads
 *       touch: a bounded queue, the demand still outstanding, the terminal signal and the owner's
 *       waker, all behind one lock, which no call into the publisher or a waker is made under.
 *       Demand goes out in batches: {@code batch} at first, then what was taken each time half a
 *       batch has been taken, so at most {@code batch} elements are ever buffered.</li>
 *   <li><b>Stream to publisher.</b> {@code StreamPublisher.subscribe} calls the supplier for a
 *       fresh stream, signals {@code onSubscribe} on the caller's thread and then spawns one task,
 *       {@code SubscriptionDriver}, which alone polls the stream and signals
 *       {@code onNext}/{@code onError}/{@code onComplete} (so never concurrently, Rule 1.3).
 *       {@code StreamSubscription} is what the subscriber's threads touch: the outstanding demand
 *       (a CAS-updated, saturating {@code long}), a cancelled flag, a pending illegal request, and
 *       the driver's waker, woken when demand goes from zero to positive or on cancel.</li>
 * </ul>
 */
package dev.weft.flow;
