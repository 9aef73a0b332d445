package dev.weft.examples.redis.command;

import dev.weft.examples.redis.store.RedisError;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * CONFIG GET (the parameters {@code redis-benchmark} asks about: {@code save} is empty and
 * {@code appendonly} is {@code no}, since nothing is persisted) and a minimal COMMAND (the list
 * of commands with their arities, COUNT, and an empty DOCS), enough for {@code redis-cli} and
 * {@code redis-benchmark} to start cleanly.
 *
 * {@snippet :
 * IntrospectionCommands.register(table);
 * }
 */
final class IntrospectionCommands {
    /** Redis answers several parameters in its dictionary's order, which varies from run to run. */
    private static final String[][] CONFIG = {{"appendonly", "no"}, {"save", ""}};

    private IntrospectionCommands() {}

    static void register(CommandTable t) {
        t.add(new Command("config", -2, false, (args, s, out) -> {
            if (!Args.is(args[1], "GET")) throw unknownSubcommand(args[1], "CONFIG");
            if (args.length < 3) throw new RedisError(Dispatcher.wrongArity("config|get"));
            List<String[]> found = new ArrayList<>();
            for (String[] p : CONFIG) {
                for (int i = 2; i < args.length; i++) {
                    if (Glob.matches(new String(args[i], StandardCharsets.UTF_8), p[0])) {
                        found.add(p);
                        break;
                    }
                }
            }
            out.array(2 * found.size());
            for (String[] p : found) {
                out.bulk(p[0].getBytes(StandardCharsets.UTF_8));
                out.bulk(p[1].getBytes(StandardCharsets.UTF_8));
            }
        }));
        t.add(new Command("command", -1, false, (args, s, out) -> {
            if (args.length == 1) {
                out.array(t.commands().size());
                for (Command c : t.commands()) {
                    out.array(6);
                    out.bulk(c.name().getBytes(StandardCharsets.US_ASCII));
                    out.integer(c.arity());
                    out.array(0); // flags: none told
                    out.integer(0); // first key, last key, step: not told
                    out.integer(0);
                    out.integer(0);
                }
            } else if (Args.is(args[1], "COUNT")) {
                out.integer(t.commands().size());
            } else if (Args.is(args[1], "DOCS")) {
                out.array(0); // no documentation: clients fall back to showing none
            } else {
                throw unknownSubcommand(args[1], "COMMAND");
            }
        }));
    }

    private static RedisError unknownSubcommand(byte[] sub, String command) {
        return new RedisError("ERR unknown subcommand '" + new String(sub, StandardCharsets.UTF_8) + "'. Try "
                + command + " HELP.");
    }
}
