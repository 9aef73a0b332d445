package dev.weft.examples.http;

/**
 * The header fields that frame a request or steer its connection ({@code Content-Length},
 * {@code Transfer-Encoding}, {@code Connection}, {@code Expect}, {@code Host}) and the syntax of
 * their values.
 */
final class FieldRules {
    /** The fields the decoder acts on; everything else is {@code OTHER}. */
    enum Name { CONTENT_LENGTH, TRANSFER_ENCODING, CONNECTION, EXPECT, HOST, OTHER }

    /** A {@code Connection} option bit: {@code close}. */
    static final int CLOSE = 1;
    /** A {@code Connection} option bit: {@code keep-alive}. */
    static final int KEEP_ALIVE = 2;

    private FieldRules() {}

    static Name nameOf(byte[] buf, int from, int len) {
        return switch (len) {
            case 4 -> Syntax.equalsIgnoreCase(buf, from, len, "host") ? Name.HOST : Name.OTHER;
            case 6 -> Syntax.equalsIgnoreCase(buf, from, len, "expect") ? Name.EXPECT : Name.OTHER;
            case 10 -> Syntax.equalsIgnoreCase(buf, from, len, "connection") ? Name.CONNECTION : Name.OTHER;
            case 14 -> Syntax.equalsIgnoreCase(buf, from, len, "content-length") ? Name.CONTENT_LENGTH : Name.OTHER;
            case 17 -> Syntax.equalsIgnoreCase(buf, from, len, "transfer-encoding") ? Name.TRANSFER_ENCODING : Name.OTHER;
            default -> Name.OTHER;
        };
    }

    /**
     * @param value a {@code Content-Length} value: digits only
     * @return the length ({@link Long#MAX_VALUE} if it does not fit a long: too large anyway)
     * @throws ProtocolError 400 if it is not a number
     */
    static long contentLength(String value) throws ProtocolError {
        if (value.isEmpty()) throw new ProtocolError(400, "malformed Content-Length");
        long n = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') throw new ProtocolError(400, "malformed Content-Length");
            n = n > (Long.MAX_VALUE - 9) / 10 ? Long.MAX_VALUE : n * 10 + (c - '0');
        }
        return n;
    }

    /**
     * @param value a {@code Transfer-Encoding} value: a list of codings, of which Weft knows chunked
     * @return how many times {@code chunked} is listed (at least one)
     * @throws ProtocolError 501 for any other coding, 400 for an empty list
     */
    static int chunkedCodings(String value) throws ProtocolError {
        int chunked = 0;
        for (String coding : value.split(",", -1)) {
            String c = coding.strip();
            if (c.isEmpty()) continue;
            if (!c.equalsIgnoreCase("chunked")) throw new ProtocolError(501, "transfer coding not implemented: " + c);
            chunked++;
        }
        if (chunked == 0) throw new ProtocolError(400, "empty Transfer-Encoding");
        return chunked;
    }

    /**
     * @param value a {@code Connection} value: a list of options
     * @return the bits {@link #CLOSE} and {@link #KEEP_ALIVE} of the options listed
     */
    static int connectionOptions(String value) {
        int options = 0;
        for (String option : value.split(",", -1)) {
            String o = option.strip();
            if (o.equalsIgnoreCase("close")) options |= CLOSE;
            else if (o.equalsIgnoreCase("keep-alive")) options |= KEEP_ALIVE;
        }
        return options;
    }
}
