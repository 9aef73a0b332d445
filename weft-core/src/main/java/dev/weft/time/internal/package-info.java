/**
 * The timer wheel and the timers a driver fires; not exported. {@code TimerWheel} is
 * single-threaded and works in ticks; {@code Timers} adds the lock, the clock and the firing of
 * wakers, and is what a runtime's driver sees as its {@code dev.weft.driver.internal.Deadlines}.
 * A runtime keeps its timers among its drivers ({@code Timers.KEY}); code outside any runtime uses
 * {@code Timers.outside()}, fired by the shared driver.
 */
package dev.weft.time.internal;
