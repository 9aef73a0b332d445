package dev.weft.sync;

/**
 * Puts {@link Event}'s lost-wakeup bug back while it is open: a completed receiver drops a
 * notification it had not consumed, and a cancelled one passes its notification on only if no
 * other receiver holds one ({@code Event.lostWakeForTests} says more). This class is in
 * {@code dev.weft.sync}, in this module's test sources, only to reach that package-private switch;
 * the switch is JVM-wide, so only a test that runs alone in its JVM should open it
 * ({@code ChannelWorkerPoolMutantTest}, in the surefire execution {@code mutant}).
 *
 * {@snippet :
 * try (LostWakeMutant _ = LostWakeMutant.on()) {
 *     // run the simulation that must find it
 * }
 * }
 */
public final class LostWakeMutant implements AutoCloseable {
    private LostWakeMutant() {}

    /** @return the open switch; {@link #close()} takes the bug out again */
    public static LostWakeMutant on() {
        Event.lostWakeForTests = true;
        return new LostWakeMutant();
    }

    @Override
    public void close() {
        Event.lostWakeForTests = false;
    }
}
