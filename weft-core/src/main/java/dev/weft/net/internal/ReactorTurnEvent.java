package dev.weft.net.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: one select of a reactor that found channels ready. */
@Name("dev.weft.ReactorTurn")
@Label("Reactor Turn")
@Category("Weft")
@Description("A select of a runtime's reactor that found ready channels, and how many tasks it woke")
@StackTrace(false)
final class ReactorTurnEvent extends Event {
    /** The guard the driving thread reads. */
    static final ReactorTurnEvent PROBE = new ReactorTurnEvent();

    @Label("Ready Keys")
    int readyKeys;

    @Label("Woken")
    int woken;
}
