package dev.weft.examples.http;

import java.time.Duration;

/**
 * The bounds of what one connection of the HTTP server accepts from its client. Every one of them
 * caps memory or time that a hostile client could otherwise claim: a request that crosses one is
 * answered with its status ({@code 414}, {@code 431}, {@code 413}, {@code 408}) and
 * {@code Connection: close}, and the connection is closed; other connections are not touched.
 *
 * {@snippet :
 * Limits strict = new Limits(1024, 20, 4096, 64 * 1024, Duration.ofSeconds(2));
 * HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build(), strict);
 * }
 *
 * @param maxRequestLine the longest request line in bytes, without its line end ({@code 414} beyond)
 * @param maxHeaders the most header fields of one request, trailer fields included ({@code 431} beyond)
 * @param maxHeaderBytes the most bytes of all header lines of one request, line ends and trailers
 *     included ({@code 431} beyond)
 * @param maxBody the largest request body in bytes, after chunked decoding ({@code 413} beyond)
 * @param headerTimeout how long a client may take to send a whole request head, counted from the
 *     end of the previous request (or from the connect); also the longest wait for the next piece
 *     of a body. A slowloris client is cut off by it ({@code 408}, or a silent close if it sent nothing)
 */
public record Limits(int maxRequestLine, int maxHeaders, int maxHeaderBytes, int maxBody, Duration headerTimeout) {
    /** The server's defaults: 8 KiB request line, 100 fields in 16 KiB, 1 MiB body, 10 s for a head. */
    public static final Limits DEFAULT = new Limits(8 * 1024, 100, 16 * 1024, 1024 * 1024, Duration.ofSeconds(10));

    /**
     * Checks the bounds.
     *
     * @throws IllegalArgumentException if a size is not positive or the timeout is not positive
     * @throws NullPointerException if the timeout is null
     */
    public Limits {
        positive("maxRequestLine", maxRequestLine);
        positive("maxHeaders", maxHeaders);
        positive("maxHeaderBytes", maxHeaderBytes);
        positive("maxBody", maxBody);
        if (headerTimeout == null) throw new NullPointerException("headerTimeout");
        if (headerTimeout.isNegative() || headerTimeout.isZero()) {
            throw new IllegalArgumentException("headerTimeout must be positive: " + headerTimeout);
        }
    }

    private static void positive(String name, int value) {
        if (value <= 0) throw new IllegalArgumentException(name + " must be positive: " + value);
    }

    /**
     * @param timeout the new header timeout
     * @return these limits with another header timeout
     */
    public Limits withHeaderTimeout(Duration timeout) {
        return new Limits(maxRequestLine, maxHeaders, maxHeaderBytes, maxBody, timeout);
    }

    /** @return the most bytes a request head may occupy in the input buffer, line ends included */
    int maxHead() {
        return (int) Math.min(Integer.MAX_VALUE - 64, (long) maxRequestLine + maxHeaderBytes + 4);
    }
}
