package dev.weft.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;

/**
 * Whether JFR has been initialized in this JVM: the guard in front of every Weft JFR event, so that
 * a JVM that never records never loads one. Loading the first {@code jdk.jfr.Event} subclass
 * initializes JFR's event machinery and instruments the class (about 200 ms on this project's
 * machines, most of a fresh runtime's start), so Weft's hot paths test {@link #open()} before they
 * touch an event class:
 *
 * {@snippet :
 * if (FlightRecorderGate.open() && TaskSpawnedEvent.PROBE.isEnabled()) TaskEvents.spawned(task, future);
 * }
 *
 * <p>The gate opens when JFR initializes: at once if it already has (the JVM was started with
 * {@code -XX:StartFlightRecording}), else when something first starts it ({@code jcmd JFR.start},
 * a {@code Recording} or {@code RecordingStream}, JMC). JFR initializes before any recording
 * starts, so no event of a recording is missed. Work that needs JFR itself (registering a periodic
 * event) is handed to {@link #whenOpen}.
 *
 * <p>State: {@code open} goes from false to true once, written by the thread that initializes JFR
 * (in JFR's listener, under the class lock) and read by the hot paths as an opaque read (it orders
 * nothing, it only decides whether to look at an event class; the volatile read this began with,
 * together with a wake hook that read the task's state first, cost W2 about a fifth of its yields
 * per second: the two were changed together, not measured apart);
 * {@code waiting} is guarded by the class lock, and each action runs exactly once, on the thread
 * that opens the gate or, if open already, on the caller's.
 */
public final class FlightRecorderGate {
    private static boolean open; // read opaquely (OPEN), written under the class lock
    private static final VarHandle OPEN;
    private static final List<Runnable> waiting = new ArrayList<>();

    static {
        try {
            OPEN = MethodHandles.lookup().findStaticVarHandle(FlightRecorderGate.class, "open", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recorderInitialized(FlightRecorder recorder) {
                List<Runnable> run;
                synchronized (FlightRecorderGate.class) {
                    OPEN.setVolatile(true);
                    run = List.copyOf(waiting);
                    waiting.clear();
                }
                run.forEach(Runnable::run);
            }
        });
    }

    private FlightRecorderGate() {}

    /** @return whether JFR is initialized, so that testing a Weft event's {@code isEnabled()} may load it */
    public static boolean open() {
        return (boolean) OPEN.getOpaque();
    }

    /**
     * Runs {@code action} once JFR is initialized: now if it is, else on the thread that initializes
     * it.
     *
     * @param action what needs JFR (it must not throw)
     */
    public static void whenOpen(Runnable action) {
        synchronized (FlightRecorderGate.class) {
            if (!(boolean) OPEN.getVolatile()) {
                waiting.add(action);
                return;
            }
        }
        action.run();
    }
}
