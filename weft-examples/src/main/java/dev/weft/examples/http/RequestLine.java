package dev.weft.examples.http;

/** The pieces of a request line that need more than a byte check: method, target, version. */
final class RequestLine {
    private static final String[] METHODS = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"};

    private RequestLine() {}

    /** @return the method; the common ones as shared constants (no string built per request) */
    static String method(byte[] buf, int from, int len) {
        outer:
        for (String m : METHODS) {
            if (m.length() != len) continue;
            for (int i = 0; i < len; i++) if (buf[from + i] != m.charAt(i)) continue outer;
            return m;
        }
        return Syntax.ascii(buf, from, len);
    }

    /**
     * @return the target in origin form: {@code /path?query} as sent, {@code *}, or the path and
     *     query of an absolute-form target ({@code http://host/path} becomes {@code /path})
     * @throws ProtocolError 400 for any other form
     */
    static String target(byte[] buf, int from, int len) throws ProtocolError {
        if (buf[from] == '/') return Syntax.ascii(buf, from, len);
        if (len == 1 && buf[from] == '*') return "*";
        String t = Syntax.ascii(buf, from, len);
        int scheme = t.startsWith("http://") ? 7 : t.startsWith("https://") ? 8 : -1;
        if (scheme < 0 || scheme == len) throw new ProtocolError(400, "malformed request target");
        int slash = t.indexOf('/', scheme);
        int query = t.indexOf('?', scheme);
        if (slash < 0 || query >= 0 && query < slash) return query < 0 ? "/" : "/" + t.substring(query);
        return t.substring(slash);
    }

    /**
     * @return the minor version of {@code HTTP/1.x}
     * @throws ProtocolError 505 for another major version, 400 if it is no version at all
     */
    static int minorVersion(byte[] buf, int from, int to) throws ProtocolError {
        if (to - from != 8 || buf[from] != 'H' || buf[from + 1] != 'T' || buf[from + 2] != 'T' || buf[from + 3] != 'P'
                || buf[from + 4] != '/' || !digit(buf[from + 5]) || buf[from + 6] != '.' || !digit(buf[from + 7])) {
            throw new ProtocolError(400, "malformed HTTP version");
        }
        if (buf[from + 5] != '1') throw new ProtocolError(505, "HTTP version not supported");
        return Math.min(1, buf[from + 7] - '0'); // 1.x beyond 1.1 is answered as 1.1
    }

    private static boolean digit(byte b) {
        return b >= '0' && b <= '9';
    }
}
