package dev.weft.examples.redis.command;

import dev.weft.examples.redis.store.HashOps;
import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.RedisError;

/**
 * HSET (several fields at once), HGET, HGETALL.
 *
 * {@snippet :
 * HashCommands.register(table, db);
 * }
 */
final class HashCommands {
    private HashCommands() {}

    static void register(CommandTable t, Database db) {
        HashOps hashes = db.hashes();
        t.add(new Command("hset", -4, false, (args, s, out) -> {
            if (args.length % 2 != 0) throw new RedisError(Dispatcher.wrongArity("hset"));
            out.integer(hashes.set(Key.of(args[1]), args, 2));
        }));
        t.add(new Command("hget", 3, false, (args, s, out) -> out.bulk(hashes.get(Key.of(args[1]), args[2]))));
        t.add(new Command("hgetall", 2, false, (args, s, out) -> ListCommands.bulks(hashes.getAll(Key.of(args[1])), out)));
    }
}
