package dev.weft.exec;

import dev.weft.future.Future;
import dev.weft.future.internal.Awaiting;
import java.util.ArrayList;
import java.util.List;

/**
 * One live task of a {@link Runtime#dumpTasks() task dump}: its id, its state, and what it waits on,
 * outermost first: for a woven body, each {@code Weft.async} frame's await with its source line
 * ({@code at Foo.lambda$bar$0(Foo.java:42)}), down to the leaf future; for a stackful coroutine,
 * its stack; for a hand-written future, its class and {@code toString()}.
 *
 * {@snippet :
 * for (TaskDump t : rt.dumpTasks()) System.out.println(t);
 * }
 *
 * @param id the task's id (its identity hash, in hex)
 * @param state idle (waiting for a waker), scheduled, running, cancelling or completed
 * @param waitsOn what it waits on, one entry per level, outermost first; empty if running
 */
public record TaskDump(String id, String state, List<String> waitsOn) {
    /** A dump entry; the list is copied. */
    public TaskDump {
        waitsOn = List.copyOf(waitsOn);
    }

    /** At most this many levels of a future chain are followed (a cycle would end here). */
    static final int MAX_DEPTH = 64;

    /**
     * @param root a task's future (read racily: the task is not polled by this thread)
     * @return its chain of waits, outermost first
     */
    static List<String> describe(Future<?> root) {
        List<String> out = new ArrayList<>();
        Object f = root;
        for (int depth = 0; f != null && depth < MAX_DEPTH; depth++) {
            try {
                if (f instanceof Awaiting a) {
                    String site = a.waitSite();
                    out.add(site != null ? site : f.getClass().getName() + " (not suspended)");
                    f = a.awaitedFuture();
                } else {
                    out.add("leaf " + f.getClass().getName() + ": " + f);
                    f = null;
                }
            } catch (RuntimeException | StackOverflowError e) { // a toString racing its owner's poll
                out.add(f.getClass().getName() + " (unreadable now: " + e + ")");
                f = null;
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("task ").append(id).append(" ").append(state);
        for (String w : waitsOn) sb.append("\n  ").append(w.replace("\n", "\n  "));
        return sb.toString();
    }
}
