package dev.weft.net.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: one select or epoll_wait of a reactor that found sockets ready. */
@Name("dev.weft.ReactorTurn")
@Label("Reactor Turn")
@Category("Weft")
@Description("A select (NIO) or epoll_wait (native poller) of a runtime's reactor that found ready sockets, and how many tasks it woke")
@StackTrace(false)
public final class ReactorTurnEvent extends Event {
    /** The guard the driving thread reads. */
    static final ReactorTurnEvent PROBE = new ReactorTurnEvent();

    @Label("Ready Keys")
    int readyKeys;

    @Label("Woken")
    int woken;

    /** Records a turn that found {@code ready} sockets and woke {@code woken} tasks, if recording. */
    public static void emit(int ready, int woken) {
        if (ready <= 0 || !PROBE.isEnabled()) return;
        ReactorTurnEvent e = new ReactorTurnEvent();
        e.readyKeys = ready;
        e.woken = woken;
        e.commit();
    }
}
