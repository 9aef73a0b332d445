package dev.weft.examples.redis.store;

/**
 * An error reply a command answers, in Redis's own words ({@code WRONGTYPE Operation against a
 * key holding the wrong kind of value}); thrown by the store and the commands, caught by the
 * dispatcher, which writes it as {@code -text} and goes on with the next command. Carries no stack
 * trace: it is an answer, not a bug.
 *
 * {@snippet :
 * throw new RedisError("ERR syntax error");
 * }
 */
public final class RedisError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A command on a key of another type. */
    public static final RedisError WRONG_TYPE =
            new RedisError("WRONGTYPE Operation against a key holding the wrong kind of value");
    /** An argument or stored value that should be a 64-bit integer is not. */
    public static final RedisError NOT_INTEGER = new RedisError("ERR value is not an integer or out of range");
    /** INCR and friends past the range of a 64-bit integer. */
    public static final RedisError OVERFLOW = new RedisError("ERR increment or decrement would overflow");
    /** An option the command does not know, or options that exclude each other. */
    public static final RedisError SYNTAX = new RedisError("ERR syntax error");

    /** @param text the whole reply after the {@code -}, starting with its code ({@code ERR}, {@code WRONGTYPE}) */
    public RedisError(String text) {
        super(text, null, false, false);
    }
}
