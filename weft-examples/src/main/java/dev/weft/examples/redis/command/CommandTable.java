package dev.weft.examples.redis.command;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The dispatch table: commands by name, found case-insensitively straight from the request's
 * bytes (an open-addressing table over the ASCII-lower-cased name, so a lookup allocates nothing).
 *
 * {@snippet :
 * CommandTable t = new CommandTable();
 * t.add(new Command("ping", -1, true, (args, s, out) -> out.simple("PONG")));
 * Command c = t.find("PING".getBytes()); // the ping command
 * }
 *
 * <p>Filled before the server starts and only read afterwards (safely published by the start of
 * the tasks that read it).
 */
public final class CommandTable {
    private static final int SLOTS = 256;

    private final Command[] slots = new Command[SLOTS];
    private final byte[][] names = new byte[SLOTS][];
    private final List<Command> all = new ArrayList<>();

    /**
     * @param c a command whose name is not taken yet
     * @throws IllegalArgumentException if it is, or the table is full
     */
    public void add(Command c) {
        byte[] name = c.nameBytes();
        if (find(name) != null) throw new IllegalArgumentException("command already defined: " + c.name());
        if (all.size() >= SLOTS / 2) throw new IllegalArgumentException("command table full");
        int i = hash(name) & (SLOTS - 1);
        while (slots[i] != null) i = (i + 1) & (SLOTS - 1);
        slots[i] = c;
        names[i] = name;
        all.add(c);
    }

    /**
     * @param name a command name as the client sent it, in any case
     * @return its command, or {@code null} if there is none
     */
    public Command find(byte[] name) {
        for (int i = hash(name) & (SLOTS - 1); slots[i] != null; i = (i + 1) & (SLOTS - 1)) {
            if (equalsLowerCase(name, names[i])) return slots[i];
        }
        return null;
    }

    /** @return every command, in the order added */
    public List<Command> commands() {
        return Collections.unmodifiableList(all);
    }

    private static int hash(byte[] name) {
        int h = 0;
        for (byte b : name) h = 31 * h + lower(b);
        return h ^ (h >>> 8);
    }

    private static boolean equalsLowerCase(byte[] name, byte[] lower) {
        if (name.length != lower.length) return false;
        for (int i = 0; i < name.length; i++) if (lower(name[i]) != lower[i]) return false;
        return true;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }
}
