package dev.weft.examples.chat;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The clients in the chat, by name, and the broadcast of what they say. A broadcast never waits:
 * it offers the line to each other client's outbox ({@link Member#offer}), and a client whose
 * outbox is full is slow: it is dropped, and the others are told.
 *
 * {@snippet :
 * Room room = new Room();
 * if (room.join(alice)) room.broadcast(alice, "hello"); // the others get "alice: hello"
 * room.leave(alice, "* alice left");
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field     meaning                                         who writes it
 * byName    the clients in the room                         guarded by lock
 * closed    the server is stopping: nobody joins any more   guarded by lock
 * members   the clients as an array, for broadcasts         under lock, a new array each
 *           without the lock                                change (volatile)
 * </pre>
 * A broadcast reads one array: a client that joins during it misses the line, one that leaves
 * may still be offered it (its closed outbox takes it as delivered).
 */
final class Room {
    private final Object lock = new Object();
    private final Map<String, Member> byName = new HashMap<>();
    private boolean closed;
    private volatile Member[] members = new Member[0];

    /**
     * @param m the client
     * @return {@code false} if its name is taken or the room is closed
     */
    boolean join(Member m) {
        synchronized (lock) {
            if (closed || byName.putIfAbsent(m.name(), m) != null) return false;
            members = byName.values().toArray(Member[]::new);
        }
        say(m, "* " + m.name() + " joined");
        return true;
    }

    /**
     * The client leaves: the others get {@code notice} (if it was still in the room), and its
     * outbox is closed, so its writer delivers what is queued and ends.
     *
     * @param m the client
     * @param notice what the others are told
     */
    void leave(Member m, String notice) {
        if (remove(m)) say(m, notice);
        m.closeOutbox();
    }

    /**
     * @param from who says it
     * @param text what it says
     */
    void broadcast(Member from, String text) {
        say(from, from.name() + ": " + text);
    }

    /**
     * Closes the room: nobody joins any more, every client gets {@code notice} as its last line
     * and its outbox is closed.
     *
     * @param notice the last line
     */
    void close(String notice) {
        Member[] all;
        synchronized (lock) {
            closed = true;
            all = members;
            byName.clear();
            members = new Member[0];
        }
        for (Member m : all) {
            m.offer(notice);
            m.closeOutbox();
        }
    }

    /** @return how many clients are in the room */
    int size() {
        return members.length;
    }

    /** Offers {@code line} to every client but {@code except}; drops the slow, and tells the others. */
    private void say(Member except, String line) {
        ArrayDeque<Member> slow = offerAll(except, line, null);
        while (slow != null && !slow.isEmpty()) {
            Member m = slow.poll();
            if (!remove(m)) continue;
            m.drop();
            slow = offerAll(m, "* " + m.name() + " was dropped (too slow)", slow);
        }
    }

    private ArrayDeque<Member> offerAll(Member except, String line, ArrayDeque<Member> slow) {
        for (Member m : members) {
            if (m == except || m.offer(line)) continue;
            if (slow == null) slow = new ArrayDeque<>();
            slow.add(m);
        }
        return slow;
    }

    private boolean remove(Member m) {
        synchronized (lock) {
            if (!byName.remove(m.name(), m)) return false;
            members = byName.values().toArray(Member[]::new);
            return true;
        }
    }
}
