package dev.weft.examples.redis.command;

import dev.weft.examples.redis.resp.RespWriter;

/**
 * What a command does: reads its arguments, works on the server's data, writes its reply.
 *
 * {@snippet :
 * Handler echo = (args, session, out) -> out.bulk(args[1]);
 * }
 */
@FunctionalInterface
public interface Handler {
    /**
     * @param args the command's name and arguments, the arity already checked
     * @param session the connection's state
     * @param out where the reply goes
     * @throws dev.weft.examples.redis.store.RedisError to answer with an error reply instead
     */
    void run(byte[][] args, Session session, RespWriter out);
}
