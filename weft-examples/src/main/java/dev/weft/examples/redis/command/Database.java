package dev.weft.examples.redis.command;

import dev.weft.examples.redis.pubsub.PubSub;
import dev.weft.examples.redis.store.HashOps;
import dev.weft.examples.redis.store.Keyspace;
import dev.weft.examples.redis.store.ListOps;
import dev.weft.examples.redis.store.SetOps;
import dev.weft.examples.redis.store.StringOps;

/**
 * Everything the commands work on, shared by all connections: the keyspace with its typed
 * operations, and the pub/sub channels.
 *
 * {@snippet :
 * Database db = Database.of(new Keyspace(64, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY), new PubSub(1024));
 * }
 *
 * @param keyspace the keys
 * @param strings the string commands over them
 * @param lists the list commands over them
 * @param sets the set commands over them
 * @param hashes the hash commands over them
 * @param pubsub the channels
 */
public record Database(Keyspace keyspace, StringOps strings, ListOps lists, SetOps sets, HashOps hashes, PubSub pubsub) {
    /**
     * @param keyspace the keys
     * @param pubsub the channels
     * @return the database over them
     */
    public static Database of(Keyspace keyspace, PubSub pubsub) {
        return new Database(keyspace, new StringOps(keyspace), new ListOps(keyspace), new SetOps(keyspace),
                new HashOps(keyspace), pubsub);
    }
}
