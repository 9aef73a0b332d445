package dev.weft.examples.redis.pubsub;

import dev.weft.examples.redis.store.Key;

/**
 * One published message as the broadcast channel carries it.
 *
 * {@snippet :
 * Message m = new Message(7, Key.of("news".getBytes()), "hello".getBytes());
 * }
 *
 * @param sequence its place among all messages published (0, 1, 2, ...)
 * @param channel the channel it was published to
 * @param payload the message (not copied)
 */
public record Message(long sequence, Key channel, byte[] payload) {}
