package dev.weft.sim;

import java.util.PriorityQueue;

/**
 * The events of a simulation's timeline other than timers (network deliveries, the ends of
 * blocking jobs): each runs at its virtual time, events of the same time in the order they were
 * added, so the order never depends on anything but the run itself.
 *
 * {@snippet :
 * SimEvents ev = new SimEvents();
 * ev.add(1_000, () -> System.out.println("at 1 us"));
 * Runnable r = ev.pollDue(1_000);
 * }
 *
 * <p>State: the queue and the sequence counter; the simulation's thread only.
 */
final class SimEvents {
    static final long NONE = Long.MAX_VALUE;

    private record Event(long at, long seq, Runnable action) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long seq;

    void add(long at, Runnable action) {
        queue.add(new Event(at, seq++, action));
    }

    /** @return the time of the earliest event, or {@link #NONE} */
    long nextTime() {
        Event e = queue.peek();
        return e == null ? NONE : e.at;
    }

    /**
     * @param now the virtual time
     * @return the earliest event due at {@code now} (removed), or {@code null}
     */
    Runnable pollDue(long now) {
        Event e = queue.peek();
        if (e == null || e.at > now) return null;
        queue.poll();
        return e.action;
    }

    /** @return the sequence number the next event gets (for the trace) */
    long nextSeq() {
        return seq;
    }

    int size() {
        return queue.size();
    }

    void clear() {
        queue.clear();
    }
}
