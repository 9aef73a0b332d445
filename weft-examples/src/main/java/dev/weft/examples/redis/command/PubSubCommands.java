package dev.weft.examples.redis.command;

import dev.weft.examples.redis.pubsub.Subscriptions;
import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.store.Key;
import java.nio.charset.StandardCharsets;

/**
 * PUBLISH, SUBSCRIBE, UNSUBSCRIBE; and the message a subscribed connection receives
 * ({@code message channel payload}).
 *
 * {@snippet :
 * PubSubCommands.register(table, db);
 * }
 */
final class PubSubCommands {
    private static final byte[] SUBSCRIBE = "subscribe".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UNSUBSCRIBE = "unsubscribe".getBytes(StandardCharsets.US_ASCII);

    private PubSubCommands() {}

    static void register(CommandTable t, Database db) {
        t.add(new Command("publish", 3, false,
                (args, s, out) -> out.integer(db.pubsub().publish(Key.of(args[1]), args[2]))));
        t.add(new Command("subscribe", -2, true, (args, s, out) -> {
            for (int i = 1; i < args.length; i++) {
                int count = s.subscriptions().subscribe(Key.of(args[i]));
                confirm(out, SUBSCRIBE, args[i], count);
            }
        }));
        t.add(new Command("unsubscribe", -1, true, (args, s, out) -> {
            Subscriptions subs = s.subscriptions();
            if (args.length == 1 && subs.count() == 0) {
                confirm(out, UNSUBSCRIBE, null, 0);
            } else if (args.length == 1) {
                for (Key k : subs.channels()) confirm(out, UNSUBSCRIBE, k.bytes(), subs.unsubscribe(k));
            } else {
                for (int i = 1; i < args.length; i++) confirm(out, UNSUBSCRIBE, args[i], subs.unsubscribe(Key.of(args[i])));
            }
        }));
    }

    private static void confirm(RespWriter out, byte[] kind, byte[] channel, int count) {
        out.array(3);
        out.bulk(kind);
        out.bulk(channel);
        out.integer(count);
    }
}
