package dev.weft.internal;

/**
 * What a thread that has nothing to do drives instead of just parking: the reactor and the timers.
 *
 * <p>An executor worker (or a {@code blockOn} thread) that is about to park first calls
 * {@link #tryDrive(long)}. If no other thread is driving, it becomes the driver: it waits for I/O
 * readiness and timer deadlines (at most {@code timeoutNanos}), fires the wakers of what became
 * ready, and returns {@code true}; the I/O event wakes its task without a hop to another thread.
 * If another thread is driving, it returns {@code false} at once and the caller parks as usual.
 * Whoever wants a thread that is blocked in {@code tryDrive} to return calls {@link #wakeup()}
 * (coalescing: at most one selector wake-up per sleep).
 *
 * <p>The time and net layers install the real driver with {@link #install(IdleDriver)}; until then
 * {@link #current()} is {@link #NONE}, which never drives.
 */
public interface IdleDriver {

    /** The driver that never drives: {@code tryDrive} answers {@code false}. */
    IdleDriver NONE = new IdleDriver() {
        @Override
        public boolean tryDrive(long timeoutNanos) {
            return false;
        }

        @Override
        public void wakeup() {}
    };

    /**
     * Drives the reactor and timers if no other thread does.
     *
     * @param timeoutNanos the longest wait: {@code 0} polls without waiting, a negative value waits
     *     until an event or {@link #wakeup()}
     * @return {@code true} if this thread drove (and has now returned from driving), {@code false}
     *     if another thread is driving and this one should park normally
     */
    boolean tryDrive(long timeoutNanos);

    /** Makes the thread blocked in {@link #tryDrive(long)}, if any, return soon. Any thread. */
    void wakeup();

    /**
     * A busy thread's look at the driver (Tokio's maintenance {@code park_timeout(0)}): if nobody
     * drives, one turn that does not wait, so a worker that never runs out of tasks still sees I/O
     * and fires due timers itself, and the tasks they wake are queued where it runs. Never waits
     * for the lock.
     *
     * @return {@code true} if this thread took a turn
     */
    default boolean tryPollNow() {
        return false;
    }

    /** @return the installed driver, or {@link #NONE} */
    static IdleDriver current() {
        return IdleDrivers.current;
    }

    /**
     * Installs the driver that threads outside any runtime drive while they wait (the shared
     * driver installs itself when it is created).
     *
     * @param driver the driver
     */
    static void install(IdleDriver driver) {
        IdleDrivers.current = driver;
    }
}
