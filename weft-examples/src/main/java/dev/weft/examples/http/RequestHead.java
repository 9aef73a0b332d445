package dev.weft.examples.http;

/**
 * The head of the request being decoded: its request line, its header fields, and what those say
 * about the body ({@code Content-Length}, {@code Transfer-Encoding}) and the connection
 * ({@code Connection}, {@code Expect}, {@code Host}).
 *
 * <p>State (owner thread only, one connection): started by each request line
 * ({@link #start}), filled by each header field ({@link #apply}), cleared when the request is
 * complete ({@link #clear()}).
 */
final class RequestHead {
    /** How the body of a request is framed, as its head says. */
    enum Framing { NONE, LENGTH, CHUNKED }

    private final int maxBody;
    private String method;
    private String target;
    private int minor;
    private Headers headers;
    private long contentLength;
    private boolean lengthSeen;
    private boolean chunked;
    private boolean close;
    private boolean keepAliveAsked;
    private boolean expectContinue;
    private int hosts;

    /** @param maxBody the largest body the limits allow ({@code 413} beyond) */
    RequestHead(int maxBody) {
        this.maxBody = maxBody;
    }

    /** A request line was read: a new head begins. */
    void start(String method, String target, int minor) {
        this.minor = minor;
        this.method = method;
        this.target = target;
        this.headers = new Headers();
    }

    /** @return the header fields read so far, where the next one goes */
    Headers headers() {
        return headers;
    }

    /**
     * Takes in what a header field says, if it is one the decoder acts on.
     *
     * @throws ProtocolError 400 for a conflicting {@code Content-Length}, chunked applied twice, or
     *     more than one {@code Host}; 413 for a {@code Content-Length} beyond the limit; 417 for an
     *     {@code Expect} other than {@code 100-continue}; 501 for a transfer coding other than chunked
     */
    void apply(FieldRules.Name name, String value) throws ProtocolError {
        switch (name) {
            case CONTENT_LENGTH -> {
                long n = FieldRules.contentLength(value);
                if (lengthSeen && n != contentLength) throw new ProtocolError(400, "conflicting Content-Length");
                if (n > maxBody) throw new ProtocolError(413, "body larger than " + maxBody + " bytes");
                lengthSeen = true;
                contentLength = n;
            }
            case TRANSFER_ENCODING -> {
                if (chunked || FieldRules.chunkedCodings(value) > 1) throw new ProtocolError(400, "chunked applied twice");
                chunked = true;
            }
            case CONNECTION -> {
                int options = FieldRules.connectionOptions(value);
                close |= (options & FieldRules.CLOSE) != 0;
                keepAliveAsked |= (options & FieldRules.KEEP_ALIVE) != 0;
            }
            case EXPECT -> {
                if (!value.equalsIgnoreCase("100-continue")) throw new ProtocolError(417, "unknown expectation");
                expectContinue = minor >= 1;
            }
            case HOST -> {
                if (++hosts > 1) throw new ProtocolError(400, "more than one Host");
            }
            case OTHER -> { }
        }
    }

    /**
     * The empty line after the header fields came: checks the head as a whole.
     *
     * @return how the body is framed
     * @throws ProtocolError 400 for an HTTP/1.1 request without {@code Host}, both
     *     {@code Content-Length} and {@code Transfer-Encoding}, or chunked in HTTP/1.0
     */
    Framing end() throws ProtocolError {
        if (minor >= 1 && hosts == 0) throw new ProtocolError(400, "HTTP/1.1 request without Host");
        if (chunked && lengthSeen) throw new ProtocolError(400, "both Content-Length and Transfer-Encoding");
        if (chunked && minor == 0) throw new ProtocolError(400, "Transfer-Encoding in an HTTP/1.0 request");
        if (chunked) return Framing.CHUNKED;
        return contentLength > 0 ? Framing.LENGTH : Framing.NONE;
    }

    /** @return the body length that {@code Content-Length} announced (0 if none) */
    long contentLength() {
        return contentLength;
    }

    /** @return whether the request asked for {@code 100 Continue} (HTTP/1.1 and later only) */
    boolean expectContinue() {
        return expectContinue;
    }

    /** @return the request of this head with its body and trailer fields */
    Request request(byte[] body, Headers trailers) {
        boolean keepAlive = minor >= 1 ? !close : keepAliveAsked && !close;
        return new Request(method, target, minor, headers, body, trailers, keepAlive);
    }

    /** The request is complete: nothing of it is kept. */
    void clear() {
        method = null;
        target = null;
        headers = null;
        contentLength = 0;
        lengthSeen = chunked = close = keepAliveAsked = expectContinue = false;
        hosts = 0;
    }
}
