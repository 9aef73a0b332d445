package dev.weft.driver.internal;

/**
 * What a {@link Driver}'s turn waits in: the piece a reactor plugs into the driver.
 *
 * <p>{@link ParkingPoller} just parks the driving thread (nothing but timers to wait for). The
 * pollers of the net floor block in the kernel (NIO's {@code Selector}, or {@code epoll_wait}) and
 * fire the wakers of the sockets that became ready. Only the thread that holds the driver calls
 * {@link #poll(long)}; any thread may call {@link #wakeup()}.
 */
public interface Poller {

    /**
     * Waits for I/O events for at most {@code timeoutNanos} ({@code 0}: do not wait;
     * negative: until an event or a wakeup), and fires the wakers of what became ready.
     *
     * @param timeoutNanos the longest wait
     */
    void poll(long timeoutNanos);

    /** Makes a thread blocked in {@link #poll(long)} return soon; wake-ups coalesce. Any thread. */
    void wakeup();

    /**
     * Whether a {@code poll(0)} could wake anything: {@code false} only when nothing is registered,
     * so a busy thread's look at the driver ({@code Driver.tryPollNow}) skips the system call, and
     * skips the look itself if no timer is armed either. Any thread, without the driver: a racy
     * hint that never throws; a registration made meanwhile is seen at the next look, or by a
     * thread that waits.
     *
     * @return whether polling now could find events
     */
    default boolean mightReport() {
        return true;
    }
}
