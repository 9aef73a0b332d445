/**
 * Synchronization for tasks: channels, locks and the notification primitive they share.
 *
 * <ul>
 *   <li>{@link dev.weft.sync.Event} / {@link dev.weft.sync.EventListener}: listen, re-check,
 *       await; no notification lost between check and wait.</li>
 *   <li>{@link dev.weft.sync.Channel} (bounded and unbounded MPMC, with {@link dev.weft.sync.Sender}
 *       and {@link dev.weft.sync.Receiver} handles), {@link dev.weft.sync.Oneshot},
 *       {@link dev.weft.sync.Broadcast}.</li>
 *   <li>{@link dev.weft.sync.Semaphore} (fair, FIFO hand-off), {@link dev.weft.sync.Mutex},
 *       {@link dev.weft.sync.RwLock}, {@link dev.weft.sync.Barrier},
 *       {@link dev.weft.sync.WaitGroup}.</li>
 * </ul>
 *
 * <p>Implementation overview for maintainers. Two waiting mechanisms, each with one lock:
 * <ol>
 *   <li><b>Event</b> (an eventcount, smol's event-listener): a FIFO list of listeners under a lock
 *       with a volatile "un-notified count" so that notifying nobody costs one volatile read.
 *       Channels, the barrier and the wait group keep their own state (under their own lock or
 *       atomics) and use an Event only to wait: a future tries its operation, inserts its
 *       listener ({@code EventWait.waitOn}), tries again, and only then waits. A listener that was
 *       notified but is cancelled passes the notification on, so a receive that gives up never
 *       swallows a wake-up meant for another receiver. Messages stay in the channel until the
 *       poll that completes a receive takes them, which is why receive is cancel-safe.</li>
 *   <li><b>Semaphore</b> (Tokio's batch semaphore): a FIFO queue of acquire futures; released
 *       permits are handed to the head directly, and a cancelled acquire releases whatever it had
 *       been handed. Mutex (1 permit) and RwLock (read 1, write all) are thin layers over it; an
 *       eventcount cannot express "this waiter now owns the lock", which FIFO hand-off needs.</li>
 * </ol>
 * Locks are never nested: no code holds a channel or semaphore lock while taking an event's lock,
 * and wakers are woken after locks are released. Leaf futures that complete consult
 * {@link dev.weft.internal.Coop#proceed} first, so a task that always finds a message ready still
 * yields its worker after its budget.
 */
package dev.weft.sync;
