package dev.weft.examples.redis.command;

import java.nio.charset.StandardCharsets;

/**
 * One entry of the {@link CommandTable}: a command's name, its arity in Redis's convention
 * (positive: exactly that many words including the name; negative: at least that many) and what
 * it does.
 *
 * {@snippet :
 * Command get = new Command("get", 2, false, (args, session, out) -> out.bulk(null));
 * }
 *
 * @param name the name in lower case
 * @param arity Redis's arity
 * @param subscribedOk whether a connection in subscribed mode may run it
 * @param handler what it does
 */
public record Command(String name, int arity, boolean subscribedOk, Handler handler) {
    /** Checks the name. */
    public Command {
        if (name.isEmpty() || !name.equals(name.toLowerCase(java.util.Locale.ROOT))) {
            throw new IllegalArgumentException("a command name is lower case and not empty: " + name);
        }
    }

    /**
     * @param words how many words the request has, the name included
     * @return whether the arity allows that many
     */
    public boolean arityAllows(int words) {
        return arity >= 0 ? words == arity : words >= -arity;
    }

    /** @return the name's bytes (ASCII lower case) */
    byte[] nameBytes() {
        return name.getBytes(StandardCharsets.US_ASCII);
    }
}
