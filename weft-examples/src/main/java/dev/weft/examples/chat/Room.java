package dev.weft.examples.chat;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The clients in the chat, by name, and the broadcast of what they say. A broadcast offers the
 * line to each other client's outbox ({@link Member#offer}); an outbox that is full gets
 * {@code patience} to make room ({@link Member#offerWithin}), and a client whose outbox stays full
 * that long is slow: it is dropped, and the others are told. While a broadcast waits, its sender
 * reads no more lines: a client that talks faster than the others read is slowed down to their
 * pace (its socket's buffers fill, and its writes wait), instead of one of them being dropped.
 *
 * {@snippet :
 * Room room = new Room(Duration.ofMillis(500));
 * if (room.join(alice)) await(room.broadcast(alice, "hello")); // the others get "alice: hello"
 * await(room.leave(alice, "* alice left"));
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
    private static final Future<Void> DONE = Future.ready(null);

    private final Duration patience;
    private final Object lock = new Object();
    private final Map<String, Member> byName = new HashMap<>();
    private boolean closed;
    private volatile Member[] members = new Member[0];

    /** @param patience how long a line waits for room in a full outbox before its client is dropped */
    Room(Duration patience) {
        this.patience = patience;
    }

    /**
     * @param m the client
     * @return {@code false} if its name is taken or the room is closed
     */
    boolean join(Member m) {
        synchronized (lock) {
            if (closed || byName.putIfAbsent(m.name(), m) != null) return false;
            members = byName.values().toArray(Member[]::new);
        }
        return true;
    }

    /**
     * The client leaves: its outbox is closed, so its writer delivers what is queued and ends, and
     * the others get {@code notice} if it was still in the room.
     *
     * @param m the client
     * @param notice what the others are told
     * @return a future ready once every other client took the notice (or was dropped)
     */
    Future<Void> leave(Member m, String notice) {
        m.closeOutbox();
        return remove(m) ? say(m, notice) : DONE;
    }

    /**
     * @param from who says it
     * @param text what it says
     * @return a future ready once every other client took the line (or was dropped as slow)
     */
    Future<Void> broadcast(Member from, String text) {
        return say(from, from.name() + ": " + text);
    }

    /**
     * @param about the client the notice is about, who does not get it
     * @param notice the notice
     * @return a future ready once every other client took it (or was dropped as slow)
     */
    Future<Void> announce(Member about, String notice) {
        return say(about, notice);
    }

    /**
     * Closes the room: nobody joins any more, every client gets {@code notice} as its last line
     * (unless its outbox is full) and its outbox is closed. Never waits; any thread.
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

    /**
     * Offers {@code line} to every client but {@code except}; the full outboxes get the patience,
     * the clients still full then are dropped, and the others told. Allocates nothing when every
     * outbox had room.
     */
    private Future<Void> say(Member except, String line) {
        List<Member> full = offerAll(except, line);
        if (full == null) return DONE;
        return Weft.async(() -> {
            ArrayDeque<Member> slow = new ArrayDeque<>(await(waitForRoom(full, line)));
            while (!slow.isEmpty()) {
                Member m = slow.poll();
                if (!remove(m)) continue;
                m.drop();
                String notice = "* " + m.name() + " was dropped (too slow)";
                List<Member> fullToo = offerAll(m, notice);
                if (fullToo != null) slow.addAll(await(waitForRoom(fullToo, notice)));
            }
            return null;
        });
    }

    /** @return the future of those of {@code full} whose outbox stayed full for the patience (waiting for all at once) */
    private Future<List<Member>> waitForRoom(List<Member> full, String line) {
        List<Future<Boolean>> offers = new ArrayList<>(full.size());
        for (Member m : full) offers.add(m.offerWithin(line, patience));
        return Future.joinAll(offers).map(took -> {
            List<Member> slow = new ArrayList<>();
            for (int i = 0; i < took.size(); i++) if (!took.get(i)) slow.add(full.get(i));
            return slow;
        });
    }

    /** @return the clients (but {@code except}) whose outbox was full, or {@code null} if none was */
    private List<Member> offerAll(Member except, String line) {
        List<Member> full = null;
        for (Member m : members) {
            if (m == except || m.offer(line)) continue;
            if (full == null) full = new ArrayList<>();
            full.add(m);
        }
        return full;
    }

    private boolean remove(Member m) {
        synchronized (lock) {
            if (!byName.remove(m.name(), m)) return false;
            members = byName.values().toArray(Member[]::new);
            return true;
        }
    }
}
