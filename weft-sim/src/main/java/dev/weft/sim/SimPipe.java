package dev.weft.sim;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * One direction of a simulated TCP connection: the bytes one end has written and the other has not
 * yet read. Written bytes travel as a segment that arrives after the link's bandwidth and latency,
 * never before an earlier segment (TCP's order); arrived bytes wait in the reader's buffer. The
 * bytes in flight and unread together never exceed the link's window, so a reader that does not
 * read makes the writer wait. A FIN (the writer's half-close) travels behind the bytes and marks
 * the end of the stream once it arrives.
 *
 * {@snippet :
 * int room = pipe.room();          // 0: the writer waits for the reader
 * pipe.send(bytes);                // arrives later, as an event of the simulation
 * int n = pipe.read(dst);          // what has arrived; frees room for the writer
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * field          meaning                                         invariant
 * inFlight       segments sent, not arrived, in order            arrival times never decrease
 * buffered       arrived bytes not yet read (head partly read)   bufferedBytes = their sum - headOffset
 * inFlightBytes  bytes of inFlight (FINs count 0)                inFlightBytes + bufferedBytes <= window
 *                                                                (when the window shrinks, writes wait)
 * finSent/eof    a FIN is on its way / has arrived               eof only after every byte before it
 * </pre>
 */
final class SimPipe {
    private record Segment(byte[] data, long at) {}

    private final SimConnection conn;
    private final SimStream writer;
    private final SimStream reader;
    private final ArrayDeque<Segment> inFlight = new ArrayDeque<>();
    private final ArrayDeque<byte[]> buffered = new ArrayDeque<>();
    private int headOffset;
    private long bufferedBytes;
    private long inFlightBytes;
    private long lastArrival;
    private boolean finSent;
    private boolean eof;

    SimPipe(SimConnection conn, SimStream writer, SimStream reader) {
        this.conn = conn;
        this.writer = writer;
        this.reader = reader;
    }

    /** @return how many bytes the writer may send now */
    int room() {
        return (int) Math.max(0, conn.link().windowBytes() - inFlightBytes - bufferedBytes);
    }

    boolean hasBuffered() {
        return bufferedBytes > 0;
    }

    boolean eof() {
        return eof;
    }

    /** Sends {@code data} (at most {@link #room()} bytes) towards the reader. */
    void send(byte[] data) {
        inFlightBytes += data.length;
        enqueue(data, data.length);
    }

    /** Sends the FIN: the reader reads end of stream after every byte sent before it. */
    void sendFin() {
        if (finSent) return;
        finSent = true;
        enqueue(null, 0);
    }

    private void enqueue(byte[] data, int size) {
        SimLink link = conn.link();
        long now = conn.net().now();
        long start = Math.max(now, link.busyUntil);
        link.busyUntil = start + link.wireNanos(size);
        long at = Math.max(lastArrival, link.busyUntil + link.drawLatency(conn.net().sim().random()));
        lastArrival = at;
        inFlight.add(new Segment(data, at));
        conn.net().deliver(writer.host(), reader.host(), at, this::arrive);
    }

    /** Moves every segment due by now into the reader's buffer, in order, and wakes the reader. */
    private void arrive() {
        long now = conn.net().now();
        boolean arrived = false;
        while (!inFlight.isEmpty() && inFlight.peek().at <= now) {
            Segment s = inFlight.poll();
            conn.net().countSegment();
            if (s.data == null) {
                eof = true;
                conn.net().trace(TraceHash.SEGMENT, conn.id(), -1);
            } else {
                inFlightBytes -= s.data.length;
                conn.net().trace(TraceHash.SEGMENT, conn.id(), s.data.length);
                if (reader.isClosed()) {
                    // bytes for a closed socket: its host answers with a reset
                    conn.sendReset(reader);
                    return;
                }
                buffered.add(s.data);
                bufferedBytes += s.data.length;
            }
            arrived = true;
        }
        if (arrived) reader.readers().wakeAll();
    }

    /**
     * @param dst where the bytes go
     * @return how many were read (0 if none has arrived)
     */
    int read(ByteBuffer dst) {
        int n = 0;
        while (dst.hasRemaining() && !buffered.isEmpty()) {
            byte[] head = buffered.peek();
            int k = Math.min(dst.remaining(), head.length - headOffset);
            dst.put(head, headOffset, k);
            headOffset += k;
            n += k;
            if (headOffset == head.length) {
                buffered.poll();
                headOffset = 0;
            }
        }
        if (n > 0) {
            bufferedBytes -= n;
            writer.writers().wakeAll(); // room in the window
        }
        return n;
    }

    /** Drops the bytes arrived and unread (the reader closed); what is still in flight arrives later. */
    void dropUnread() {
        if (bufferedBytes == 0) return;
        buffered.clear();
        headOffset = 0;
        bufferedBytes = 0;
        writer.writers().wakeAll();
    }

    /** Drops every byte in flight and unread (a reset). */
    void clear() {
        inFlight.clear();
        buffered.clear();
        headOffset = 0;
        inFlightBytes = 0;
        bufferedBytes = 0;
    }
}
