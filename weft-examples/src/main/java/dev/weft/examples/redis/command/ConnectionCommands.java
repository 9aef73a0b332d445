package dev.weft.examples.redis.command;

import dev.weft.examples.redis.store.RedisError;
import java.nio.charset.StandardCharsets;

/**
 * PING, ECHO, QUIT: the commands about the connection itself.
 *
 * {@snippet :
 * ConnectionCommands.register(table);
 * }
 */
final class ConnectionCommands {
    private static final byte[] PONG = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PONG_WORD = "pong".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EMPTY = new byte[0];

    private ConnectionCommands() {}

    static void register(CommandTable t) {
        t.add(new Command("ping", -1, true, (args, s, out) -> {
            if (args.length > 2) throw new RedisError(Dispatcher.wrongArity("ping"));
            if (s.subscribed()) { // in subscribed mode PING answers as a push: pong and its argument
                out.array(2);
                out.bulk(PONG_WORD);
                out.bulk(args.length == 2 ? args[1] : EMPTY);
            } else if (args.length == 2) {
                out.bulk(args[1]);
            } else {
                out.raw(PONG);
            }
        }));
        t.add(new Command("echo", 2, false, (args, s, out) -> out.bulk(args[1])));
        t.add(new Command("quit", -1, true, (args, s, out) -> {
            out.ok();
            s.closeAfterReplies();
        }));
    }
}
