package dev.weft.examples.chat;

import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * How a {@link ChatServer} runs: where it listens, its Weft workers, the size of each client's
 * outbox, the limits on names and lines, and how long writers may drain when the server stops.
 *
 * {@snippet :
 * ChatConfig c = ChatConfig.onPort(7070).withOutbox(16).withWorkers(1);
 * }
 *
 * @param address where to listen
 * @param workers Weft worker threads, at least 1
 * @param outbox how many messages may wait for a client
 * @param patience how long a message waits for room in a full outbox; a client whose outbox stays
 *     full that long is slow, and is dropped
 * @param maxNameChars the longest name, in characters
 * @param maxLineBytes the longest line a client may send, in bytes (its terminator not counted)
 * @param drainGrace how long writers may take to deliver what is queued when the server stops or
 *     a client leaves; then they are cancelled
 */
public record ChatConfig(InetSocketAddress address, int workers, int outbox, Duration patience, int maxNameChars,
                         int maxLineBytes, Duration drainGrace) {
    /** The outbox of each client by default: 64 messages. */
    public static final int DEFAULT_OUTBOX = 64;

    /** Checks the values. */
    public ChatConfig {
        if (workers < 1) throw new IllegalArgumentException("workers: " + workers);
        if (outbox < 1) throw new IllegalArgumentException("outbox: " + outbox);
        if (patience.isNegative()) throw new IllegalArgumentException("patience: " + patience);
        if (maxNameChars < 1) throw new IllegalArgumentException("maxNameChars: " + maxNameChars);
        if (maxLineBytes < 1) throw new IllegalArgumentException("maxLineBytes: " + maxLineBytes);
        if (drainGrace.isNegative()) throw new IllegalArgumentException("drainGrace: " + drainGrace);
    }

    /**
     * @param port the port on 127.0.0.1 (0: any free one)
     * @return the defaults: 2 workers, a {@value #DEFAULT_OUTBOX}-message outbox, half a second of
     *     patience, names of up to 32 characters, lines of up to 1024 bytes, one second to drain
     */
    public static ChatConfig onPort(int port) {
        return new ChatConfig(new InetSocketAddress("127.0.0.1", port), 2, DEFAULT_OUTBOX, Duration.ofMillis(500), 32, 1024,
                Duration.ofSeconds(1));
    }

    /**
     * @param n worker threads
     * @return this config with {@code n} workers
     */
    public ChatConfig withWorkers(int n) {
        return new ChatConfig(address, n, outbox, patience, maxNameChars, maxLineBytes, drainGrace);
    }

    /**
     * @param messages the outbox's capacity
     * @return this config with that outbox
     */
    public ChatConfig withOutbox(int messages) {
        return new ChatConfig(address, workers, messages, patience, maxNameChars, maxLineBytes, drainGrace);
    }

    /**
     * @param wait how long a message waits for room in a full outbox (zero: a full outbox drops its
     *     client at once)
     * @return this config with that patience
     */
    public ChatConfig withPatience(Duration wait) {
        return new ChatConfig(address, workers, outbox, wait, maxNameChars, maxLineBytes, drainGrace);
    }

    /**
     * @param bytes the longest line taken
     * @return this config with that limit
     */
    public ChatConfig withMaxLineBytes(int bytes) {
        return new ChatConfig(address, workers, outbox, patience, maxNameChars, bytes, drainGrace);
    }
}
