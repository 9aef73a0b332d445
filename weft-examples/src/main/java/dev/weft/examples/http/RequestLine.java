package dev.weft.examples.http;

/**
 * The first phase of a request: its request line ({@code GET /path HTTP/1.1}), found in the input
 * within {@link Limits#maxRequestLine()} and parsed into method, target and version.
 */
final class RequestLine {
    private static final String[] METHODS = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"};

    private RequestLine() {}

    /**
     * Reads the request line at the start of {@code in}, skipping empty lines before it (allowed),
     * and starts {@code head} with it.
     *
     * @return {@code false} if the line has not all arrived yet
     * @throws ProtocolError 414 if the line is longer than {@code maxRequestLine} (even before it
     *     ends), 400 if it is malformed, 505 for an HTTP version other than 1.x
     */
    static boolean read(InputBuffer in, int maxRequestLine, RequestHead head) throws ProtocolError {
        while (true) {
            int lf = in.findLineEnd();
            if (lf < 0) {
                if (in.buffered() > maxRequestLine + 1) throw new ProtocolError(414, "request line too long");
                return false;
            }
            int from = in.start();
            int to = in.contentEnd(lf);
            if (to == from) { // an empty line before a request: allowed, skipped
                in.consumeLine(lf);
                continue;
            }
            if (to - from > maxRequestLine) throw new ProtocolError(414, "request line too long");
            parse(in.bytes(), from, to, head);
            in.consumeLine(lf);
            return true;
        }
    }

    private static void parse(byte[] buf, int from, int to, RequestHead head) throws ProtocolError {
        int sp1 = Syntax.indexOf(buf, ' ', from, to);
        if (sp1 <= from) throw new ProtocolError(400, "malformed request line");
        for (int i = from; i < sp1; i++) {
            if (!Syntax.isTokenChar(buf[i])) throw new ProtocolError(400, "malformed method");
        }
        int sp2 = Syntax.indexOf(buf, ' ', sp1 + 1, to);
        if (sp2 < 0 || sp2 == sp1 + 1) throw new ProtocolError(400, "malformed request line");
        for (int i = sp1 + 1; i < sp2; i++) {
            if (!Syntax.isTargetChar(buf[i])) throw new ProtocolError(400, "malformed request target");
        }
        int minor = minorVersion(buf, sp2 + 1, to);
        String method = method(buf, from, sp1 - from);
        String target = target(buf, sp1 + 1, sp2 - sp1 - 1);
        head.start(method, target, minor);
    }

    /** @return the method; the common ones as shared constants (no string built per request) */
    private static String method(byte[] buf, int from, int len) {
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
    private static String target(byte[] buf, int from, int len) throws ProtocolError {
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
    private static int minorVersion(byte[] buf, int from, int to) throws ProtocolError {
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
