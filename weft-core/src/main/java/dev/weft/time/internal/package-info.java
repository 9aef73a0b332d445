/**
 * The timer wheel and its locked wrapper; not exported. {@code TimerWheel} is single-threaded and
 * works in ticks; {@code Timers} adds the lock, the clock and the firing of wakers.
 */
package dev.weft.time.internal;
