package dev.weft.examples.redis.command;

/**
 * The server's whole command table: connection (PING, ECHO, QUIT), keys (DEL, EXISTS, EXPIRE,
 * PEXPIRE, TTL, PTTL), strings (GET, SET, INCR, DECR, INCRBY, DECRBY, MGET, MSET), lists (LPUSH,
 * RPUSH, LPOP, RPOP, LRANGE, LLEN), sets (SADD, SREM, SMEMBERS, SCARD, SISMEMBER), hashes (HSET,
 * HGET, HGETALL), pub/sub (PUBLISH, SUBSCRIBE, UNSUBSCRIBE), and CONFIG GET and COMMAND.
 *
 * {@snippet :
 * Dispatcher d = new Dispatcher(Commands.table(db));
 * }
 */
public final class Commands {
    private Commands() {}

    /**
     * @param db the data the commands work on
     * @return a new table of every command
     */
    public static CommandTable table(Database db) {
        CommandTable t = new CommandTable();
        ConnectionCommands.register(t);
        KeyCommands.register(t, db);
        StringCommands.register(t, db);
        ListCommands.register(t, db);
        SetCommands.register(t, db);
        HashCommands.register(t, db);
        PubSubCommands.register(t, db);
        IntrospectionCommands.register(t);
        return t;
    }
}
