package dev.weft.examples.redis.command;

import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.ListOps;
import dev.weft.examples.redis.store.RedisError;
import java.util.List;

/**
 * LPUSH, RPUSH, LPOP, RPOP (with an optional count), LRANGE, LLEN.
 *
 * {@snippet :
 * ListCommands.register(table, db);
 * }
 */
final class ListCommands {
    private static final RedisError NOT_POSITIVE = new RedisError("ERR value is out of range, must be positive");

    private ListCommands() {}

    static void register(CommandTable t, Database db) {
        ListOps lists = db.lists();
        t.add(new Command("lpush", -3, false, (args, s, out) -> out.integer(lists.push(Key.of(args[1]), args, 2, true))));
        t.add(new Command("rpush", -3, false, (args, s, out) -> out.integer(lists.push(Key.of(args[1]), args, 2, false))));
        t.add(new Command("lpop", -2, false, (args, s, out) -> pop(lists, args, true, out)));
        t.add(new Command("rpop", -2, false, (args, s, out) -> pop(lists, args, false, out)));
        t.add(new Command("lrange", 4, false, (args, s, out) -> {
            long start = Args.integer(args[2]);
            long stop = Args.integer(args[3]);
            bulks(lists.range(Key.of(args[1]), start, stop), out);
        }));
        t.add(new Command("llen", 2, false, (args, s, out) -> out.integer(lists.length(Key.of(args[1])))));
    }

    private static void pop(ListOps lists, byte[][] args, boolean left, RespWriter out) {
        if (args.length > 3) throw new RedisError(Dispatcher.wrongArity(left ? "lpop" : "rpop"));
        if (args.length == 2) {
            List<byte[]> one = lists.pop(Key.of(args[1]), left, 1);
            out.bulk(one == null || one.isEmpty() ? null : one.get(0));
            return;
        }
        long count = Args.integer(args[2]);
        if (count < 0) throw NOT_POSITIVE;
        List<byte[]> popped = lists.pop(Key.of(args[1]), left, count);
        if (popped == null) out.nullArray();
        else bulks(popped, out);
    }

    /** An array reply of bulk strings. */
    static void bulks(List<byte[]> values, RespWriter out) {
        out.array(values.size());
        for (byte[] v : values) out.bulk(v);
    }
}
