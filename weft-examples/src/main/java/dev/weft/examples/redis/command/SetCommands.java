package dev.weft.examples.redis.command;

import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.SetOps;

/**
 * SADD, SREM, SMEMBERS, SCARD, SISMEMBER.
 *
 * {@snippet :
 * SetCommands.register(table, db);
 * }
 */
final class SetCommands {
    private SetCommands() {}

    static void register(CommandTable t, Database db) {
        SetOps sets = db.sets();
        t.add(new Command("sadd", -3, false, (args, s, out) -> out.integer(sets.add(Key.of(args[1]), args, 2))));
        t.add(new Command("srem", -3, false, (args, s, out) -> out.integer(sets.remove(Key.of(args[1]), args, 2))));
        t.add(new Command("smembers", 2, false, (args, s, out) -> ListCommands.bulks(sets.members(Key.of(args[1])), out)));
        t.add(new Command("scard", 2, false, (args, s, out) -> out.integer(sets.cardinality(Key.of(args[1])))));
        t.add(new Command("sismember", 3, false,
                (args, s, out) -> out.integer(sets.contains(Key.of(args[1]), args[2]) ? 1 : 0)));
    }
}
