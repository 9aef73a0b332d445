/**
 * Time: {@link dev.weft.time.Time#sleep sleep}, {@link dev.weft.time.Time#sleepUntil sleepUntil},
 * {@link dev.weft.time.Time#interval interval} and {@link dev.weft.time.Time#timeout timeout}.
 *
 * <p>Maintainer overview. Every timer is a {@code TimerEntry} linked into a hierarchical timing
 * wheel ({@code dev.weft.time.internal.TimerWheel}: 6 levels x 64 slots, 1 ms ticks, Tokio's
 * shape) held by {@code Timers} behind one lock. A {@link dev.weft.time.Sleep} is its own entry
 * (it extends {@code TimerEntry}: one object per sleep, nothing allocated per registration),
 * registers itself on its first poll, swaps the waker only when it changed, and unlinks itself in
 * {@code cancel()} (O(1)). Each runtime has its own timers, found among its drivers; code outside
 * any runtime shares one set. They are fired by a driver ({@code dev.weft.driver.internal.Driver}:
 * the runtime's, or the shared one outside any runtime): an idle thread (executor worker,
 * {@code blockOn} thread, or the driver's fallback thread) waits in the driver's poller until the
 * next deadline, then fires the due entries, waking their tasks outside the lock. Deadlines round up and "now" rounds down to whole ticks, so nothing
 * fires early. Tests inject a fake {@code dev.weft.time.MonotonicClock} and drive {@code Timers} by hand.
 */
package dev.weft.time;
