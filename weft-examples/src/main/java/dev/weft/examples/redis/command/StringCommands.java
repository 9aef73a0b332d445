package dev.weft.examples.redis.command;

import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.RedisError;
import dev.weft.examples.redis.store.StringOps;
import dev.weft.examples.redis.store.StringOps.Condition;

/**
 * GET, SET (EX/PX/EXAT/PXAT, NX/XX, KEEPTTL), INCR, DECR, INCRBY, DECRBY, MGET, MSET.
 *
 * {@snippet :
 * StringCommands.register(table, db);
 * }
 */
final class StringCommands {
    private static final RedisError SET_EXPIRE = new RedisError("ERR invalid expire time in 'set' command");

    private StringCommands() {}

    static void register(CommandTable t, Database db) {
        StringOps strings = db.strings();
        t.add(new Command("get", 2, false, (args, s, out) -> out.bulk(strings.get(Key.of(args[1])))));
        t.add(new Command("set", -3, false, (args, s, out) -> set(strings, db, args, out)));
        t.add(new Command("incr", 2, false, (args, s, out) -> out.integer(strings.incrBy(Key.of(args[1]), 1))));
        t.add(new Command("decr", 2, false, (args, s, out) -> out.integer(strings.incrBy(Key.of(args[1]), -1))));
        t.add(new Command("incrby", 3, false,
                (args, s, out) -> out.integer(strings.incrBy(Key.of(args[1]), Args.integer(args[2])))));
        t.add(new Command("decrby", 3, false, (args, s, out) -> {
            long by = Args.integer(args[2]);
            if (by == Long.MIN_VALUE) throw new RedisError("ERR decrement would overflow");
            out.integer(strings.incrBy(Key.of(args[1]), -by));
        }));
        t.add(new Command("mget", -2, false, (args, s, out) -> {
            byte[][] values = new byte[args.length - 1][];
            for (int i = 1; i < args.length; i++) {
                try {
                    values[i - 1] = strings.get(Key.of(args[i]));
                } catch (RedisError wrongType) {
                    values[i - 1] = null; // MGET answers nil for a key of another type
                }
            }
            out.array(values.length);
            for (byte[] v : values) out.bulk(v);
        }));
        t.add(new Command("mset", -3, false, (args, s, out) -> {
            if (args.length % 2 == 0) throw new RedisError(Dispatcher.wrongArity("mset"));
            for (int i = 1; i < args.length; i += 2) strings.set(Key.of(args[i]), args[i + 1], 0, Condition.ALWAYS, false);
            out.ok();
        }));
    }

    private static void set(StringOps strings, Database db, byte[][] args, RespWriter out) {
        Condition condition = Condition.ALWAYS;
        boolean keepTtl = false;
        byte[] expireArg = null;
        long unit = 0; // ms per unit of expireArg
        boolean absolute = false;
        for (int i = 3; i < args.length; i++) {
            byte[] a = args[i];
            if (Args.is(a, "NX") && condition != Condition.IF_PRESENT) {
                condition = Condition.IF_ABSENT;
            } else if (Args.is(a, "XX") && condition != Condition.IF_ABSENT) {
                condition = Condition.IF_PRESENT;
            } else if (Args.is(a, "KEEPTTL") && expireArg == null) {
                keepTtl = true;
            } else if (i + 1 < args.length && expireArg == null && !keepTtl && expiryUnit(a) != 0) {
                unit = expiryUnit(a);
                absolute = Args.is(a, "EXAT") || Args.is(a, "PXAT");
                expireArg = args[++i];
            } else {
                throw RedisError.SYNTAX;
            }
        }
        long expiresAt = 0;
        if (expireArg != null) {
            long v = Args.integer(expireArg);
            if (v <= 0 || v > Long.MAX_VALUE / unit) throw SET_EXPIRE;
            long ms = v * unit;
            if (!absolute) {
                long now = db.keyspace().now();
                if (ms > Long.MAX_VALUE - now) throw SET_EXPIRE;
                ms += now;
            }
            expiresAt = ms;
        }
        if (expiresAt != 0 && expiresAt <= db.keyspace().now()) {
            // an absolute time already past: the key is set and gone at once, as in Redis
            boolean set = strings.set(Key.of(args[1]), args[2], 0, condition, keepTtl);
            if (set) db.keyspace().delete(Key.of(args[1]));
            if (set) out.ok();
            else out.nullBulk();
            return;
        }
        if (strings.set(Key.of(args[1]), args[2], expiresAt, condition, keepTtl)) out.ok();
        else out.nullBulk();
    }

    /** Milliseconds per unit of an EX / PX / EXAT / PXAT option, or 0 if {@code a} is none of them. */
    private static long expiryUnit(byte[] a) {
        if (Args.is(a, "EX") || Args.is(a, "EXAT")) return 1000;
        if (Args.is(a, "PX") || Args.is(a, "PXAT")) return 1;
        return 0;
    }
}
