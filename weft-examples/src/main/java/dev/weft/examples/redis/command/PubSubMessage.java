package dev.weft.examples.redis.command;

import dev.weft.examples.redis.resp.RespWriter;
import java.nio.charset.StandardCharsets;

/**
 * The push a subscribed connection receives for a published message:
 * {@code *3 $7 message $channel $payload}.
 *
 * {@snippet :
 * PubSubMessage.write(out, channel.bytes(), payload);
 * }
 */
public final class PubSubMessage {
    private static final byte[] MESSAGE = "message".getBytes(StandardCharsets.US_ASCII);

    private PubSubMessage() {}

    /**
     * @param out where it goes
     * @param channel the channel's name
     * @param payload the message
     */
    public static void write(RespWriter out, byte[] channel, byte[] payload) {
        out.array(3);
        out.bulk(MESSAGE);
        out.bulk(channel);
        out.bulk(payload);
    }
}
