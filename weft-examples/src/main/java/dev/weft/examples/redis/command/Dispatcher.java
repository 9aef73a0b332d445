package dev.weft.examples.redis.command;

import dev.weft.examples.redis.resp.RespWriter;
import dev.weft.examples.redis.store.RedisError;
import java.nio.charset.StandardCharsets;

/**
 * Runs one request: finds its command in the {@link CommandTable}, checks the arity and the
 * subscribed-mode rule, runs it, and turns a {@link RedisError} into an error reply, all in Redis's
 * own words:
 * <ul>
 *   <li>{@code ERR unknown command 'x', with args beginning with: 'a' 'b' }</li>
 *   <li>{@code ERR wrong number of arguments for 'get' command}</li>
 *   <li>{@code ERR Can't execute 'get': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET
 *       are allowed in this context}</li>
 * </ul>
 *
 * {@snippet :
 * Dispatcher d = new Dispatcher(Commands.table());
 * d.execute(new byte[][] {"GET".getBytes(), "k".getBytes()}, session, out); // $-1
 * }
 *
 * <p>A handler checks its arguments before it writes its reply, so an error it throws is the
 * whole reply. Thread-safe: it keeps no state of its own.
 */
public final class Dispatcher {
    private final CommandTable table;

    /** @param table the commands */
    public Dispatcher(CommandTable table) {
        this.table = table;
    }

    /**
     * @param args the request, at least one word
     * @param session the connection's state
     * @param out where the reply goes
     */
    public void execute(byte[][] args, Session session, RespWriter out) {
        Command c = table.find(args[0]);
        if (c == null) {
            out.error(unknown(args));
            return;
        }
        if (!c.arityAllows(args.length)) {
            out.error(wrongArity(c.name()));
            return;
        }
        if (!c.subscribedOk() && session.subscribed()) {
            out.error("ERR Can't execute '" + c.name()
                    + "': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context");
            return;
        }
        try {
            c.handler().run(args, session, out);
        } catch (RedisError e) {
            out.error(e.getMessage());
        }
    }

    /**
     * @param name a command's name
     * @return Redis's error for a wrong number of arguments
     */
    public static String wrongArity(String name) {
        return "ERR wrong number of arguments for '" + name + "' command";
    }

    /** Redis's text: the name and the first arguments, each cut so that the list stays near 128 bytes. */
    private static String unknown(byte[][] args) {
        StringBuilder list = new StringBuilder();
        for (int i = 1; i < args.length && list.length() < 128; i++) {
            String a = text(args[i]);
            int room = 128 - list.length(); // measured before the quote, as Redis's "'%.*s' " does
            list.append('\'').append(a, 0, Math.min(a.length(), room)).append("' ");
        }
        String name = text(args[0]);
        return "ERR unknown command '" + name.substring(0, Math.min(name.length(), 128))
                + "', with args beginning with: " + list;
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
