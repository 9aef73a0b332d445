package dev.weft.examples.redis.command;

import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.Keyspace;
import dev.weft.examples.redis.store.RedisError;
import java.nio.charset.StandardCharsets;

/**
 * DEL, EXISTS, EXPIRE, PEXPIRE, TTL, PTTL: what works on a key of any type; DBSIZE, how many
 * keys there are (as Redis's, keys expired but not yet removed included).
 *
 * {@snippet :
 * KeyCommands.register(table, db);
 * }
 */
final class KeyCommands {
    private KeyCommands() {}

    static void register(CommandTable t, Database db) {
        Keyspace ks = db.keyspace();
        t.add(new Command("del", -2, false, (args, s, out) -> {
            long n = 0;
            for (int i = 1; i < args.length; i++) if (ks.delete(Key.of(args[i]))) n++;
            out.integer(n);
        }));
        t.add(new Command("exists", -2, false, (args, s, out) -> {
            long n = 0;
            for (int i = 1; i < args.length; i++) if (ks.exists(Key.of(args[i]))) n++;
            out.integer(n);
        }));
        t.add(new Command("dbsize", 1, false, (args, s, out) -> out.integer(ks.size())));
        t.add(new Command("expire", -3, false, (args, s, out) -> expire(ks, args, 1000, "expire", out)));
        t.add(new Command("pexpire", -3, false, (args, s, out) -> expire(ks, args, 1, "pexpire", out)));
        t.add(new Command("pttl", 2, false, (args, s, out) -> out.integer(ks.pttl(Key.of(args[1])))));
        t.add(new Command("ttl", 2, false, (args, s, out) -> {
            long ms = ks.pttl(Key.of(args[1]));
            out.integer(ms < 0 ? ms : (ms + 500) / 1000);
        }));
    }

    private static void expire(Keyspace ks, byte[][] args, long unit, String name,
                               RespWriter out) {
        long v = Args.integer(args[2]);
        if (args.length > 3) {
            throw new RedisError("ERR Unsupported option " + new String(args[3], StandardCharsets.UTF_8));
        }
        long now = ks.now();
        if (v > Long.MAX_VALUE / unit || v < Long.MIN_VALUE / unit || (v > 0 && v * unit > Long.MAX_VALUE - now)) {
            throw new RedisError("ERR invalid expire time in '" + name + "' command");
        }
        long ms = v * unit;
        out.integer(ks.expireAt(Key.of(args[1]), ms + now) ? 1 : 0);
    }
}
