package dev.weft.time.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.SettingDefinition;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * JFR: a timer fired later than its deadline by more than the {@code lateness} setting (5 ms by
 * default): the driver was busy or asleep too long, or the workers that drive it were all busy.
 * JFR's own {@code threshold} measures an event's duration from {@code begin()}, which cannot be
 * set to a deadline in the past, so this event has a setting of its own:
 * {@code recording.enable("dev.weft.TimerLateness").with("lateness", "1 ms")}.
 */
@Name("dev.weft.TimerLateness")
@Label("Timer Lateness")
@Category("Weft")
@Description("A timer fired later than its deadline by more than the lateness setting")
@StackTrace(false)
final class TimerLatenessEvent extends Event {
    /** The guard the hot path reads. */
    static final TimerLatenessEvent PROBE = new TimerLatenessEvent();

    @Label("Lateness")
    @Timespan(Timespan.NANOSECONDS)
    long lateness;

    @Label("Deadline")
    @Description("The deadline, rounded up to the wheel's 1 ms tick, on the runtime clock's scale (System.nanoTime for the system clock)")
    long deadline;

    /**
     * The setting: commit only if the timer was at least this late.
     *
     * @param minimum the setting's control
     * @return whether this event is late enough
     */
    @Name("lateness")
    @Label("Minimum Lateness")
    @SettingDefinition
    boolean lateness(LatenessSetting minimum) {
        return lateness >= minimum.nanos();
    }
}
