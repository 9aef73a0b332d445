package dev.weft.sim;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The properties of the simulated link between two hosts (or of a host's loopback): the one-way
 * latency, drawn for each segment or datagram between a least and a most, the bandwidth, the chance
 * that a UDP datagram is lost, and how many bytes a TCP connection may have sent and not yet had
 * read (its send and receive buffers together: a slow reader makes the writer wait). TCP keeps its
 * bytes in order whatever the latency draws; UDP datagrams each take their own draw, so a spread
 * between least and most latency reorders them.
 *
 * {@snippet :
 * SimLink wan = net.link(net.host("client"), net.host("server"))
 *         .latency(Duration.ofMillis(20), Duration.ofMillis(80))
 *         .bandwidth(1_000_000)          // bytes per second
 *         .udpDropRate(0.05)
 *         .windowBytes(64 * 1024);
 * }
 *
 * <p>Settings take effect for what is sent after they change. A link belongs to its simulation:
 * change it from the simulation's thread or between runs.
 */
public final class SimLink {
    private long minLatencyNanos;
    private long maxLatencyNanos;
    private long bytesPerSecond;
    private double udpDropRate;
    private int windowBytes;
    /** When the link has sent the bytes given to it so far (bandwidth), in virtual nanoseconds. */
    long busyUntil;

    SimLink(long minLatencyNanos, long maxLatencyNanos, long bytesPerSecond, double udpDropRate, int windowBytes) {
        this.minLatencyNanos = minLatencyNanos;
        this.maxLatencyNanos = maxLatencyNanos;
        this.bytesPerSecond = bytesPerSecond;
        this.udpDropRate = udpDropRate;
        this.windowBytes = windowBytes;
    }

    /** @return a link with this one's settings */
    SimLink copy() {
        return new SimLink(minLatencyNanos, maxLatencyNanos, bytesPerSecond, udpDropRate, windowBytes);
    }

    /**
     * @param min the least one-way latency
     * @param max the most; each segment or datagram draws between them
     * @return this link
     */
    public SimLink latency(Duration min, Duration max) {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
        if (min.isNegative() || max.compareTo(min) < 0) {
            throw new IllegalArgumentException("latency needs 0 <= min <= max: " + min + ", " + max);
        }
        this.minLatencyNanos = min.toNanos();
        this.maxLatencyNanos = max.toNanos();
        return this;
    }

    /**
     * @param perSecond bytes the link carries per second, at least 1
     * @return this link
     */
    public SimLink bandwidth(long perSecond) {
        if (perSecond < 1) throw new IllegalArgumentException("bandwidth: " + perSecond);
        this.bytesPerSecond = perSecond;
        return this;
    }

    /**
     * @param rate the chance that a UDP datagram is lost on the way, 0 to 1 (TCP loses nothing:
     *     its retransmissions are not simulated)
     * @return this link
     */
    public SimLink udpDropRate(double rate) {
        if (!(rate >= 0 && rate <= 1)) throw new IllegalArgumentException("a rate is between 0 and 1: " + rate);
        this.udpDropRate = rate;
        return this;
    }

    /**
     * @param bytes how many bytes a TCP connection may have in flight and unread per direction, at
     *     least 1
     * @return this link
     */
    public SimLink windowBytes(int bytes) {
        if (bytes < 1) throw new IllegalArgumentException("window: " + bytes);
        this.windowBytes = bytes;
        return this;
    }

    /** @return the least one-way latency */
    public Duration minLatency() {
        return Duration.ofNanos(minLatencyNanos);
    }

    /** @return the most one-way latency */
    public Duration maxLatency() {
        return Duration.ofNanos(maxLatencyNanos);
    }

    /** @return bytes per second */
    public long bandwidth() {
        return bytesPerSecond;
    }

    /** @return the chance that a datagram is lost */
    public double udpDropRate() {
        return udpDropRate;
    }

    /** @return the window of a TCP connection per direction, in bytes */
    public int windowBytes() {
        return windowBytes;
    }

    long drawLatency(RandomGenerator random) {
        return minLatencyNanos == maxLatencyNanos ? minLatencyNanos : random.nextLong(minLatencyNanos, maxLatencyNanos + 1);
    }

    /** @return the nanoseconds {@code bytes} take on the wire at this bandwidth */
    long wireNanos(long bytes) {
        return bytes * 1_000_000_000L / bytesPerSecond;
    }

    @Override
    public String toString() {
        return "SimLink[latency " + minLatency() + ".." + maxLatency() + ", " + bytesPerSecond + " B/s, udp drop "
                + udpDropRate + ", window " + windowBytes + " B]";
    }
}
