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
 * <p>Implementation overview for maintainers. Two waiting mechanisms:
 * <ol>
 *   <li><b>Event</b> (an eventcount, smol's event-listener): waiters are nodes in a FIFO list under
 *       a lock, or, when nobody else waits, in a one-node "solo" slot that is filled and emptied by
 *       CAS (a lone receiver or a lone sender on a full channel waits and is woken without any
 *       lock). A notify takes the nodes it notifies out, so the waiter consumes its notification
 *       with one acquire load; notifying nobody costs two volatile reads. The waiting futures
 *       ({@code EventWait}: channel send/receive, barrier, wait group, broadcast) are themselves
 *       the nodes, so waiting allocates nothing beyond the future. A future tries its operation,
 *       inserts its node ({@code EventWait.waitOn}), tries again, and only then waits. A node that
 *       was notified but is cancelled passes the notification on, so a receive that gives up never
 *       swallows a wake-up meant for another receiver.</li>
 *   <li><b>Semaphore</b> (Tokio's batch semaphore): a FIFO queue of acquire futures; released
 *       permits are handed to the head directly, and a cancelled acquire releases whatever it had
 *       been handed. Mutex (1 permit) and RwLock (read 1, write all) are thin layers over it; an
 *       eventcount cannot express "this waiter now owns the lock", which FIFO hand-off needs.</li>
 * </ol>
 * Channels keep their messages in a {@code MessageQueue}: a bounded channel in a lock-free
 * {@code BoundedRing} (Vyukov's array queue with a sequence number per slot, the close flag a mark
 * bit of the tail, as smol's concurrent-queue), an unbounded one in a {@code LockedQueue} (an
 * {@code ArrayDeque} under a monitor). Messages stay in the queue until the poll that completes a
 * receive takes them, which is why receive is cancel-safe. A successful send or receive on a
 * bounded channel is one CAS on the ring plus a notify that, when nobody waits, is two volatile
 * reads.
 *
 * Locks are never nested: no code holds a queue or semaphore lock while taking an event's lock,
 * and wakers are woken after locks are released. Leaf futures that complete consult
 * {@link dev.weft.internal.Coop#proceed} first, so a task that always finds a message ready still
 * yields its worker after its budget.
 */
package dev.weft.sync;
