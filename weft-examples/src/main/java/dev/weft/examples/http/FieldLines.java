package dev.weft.examples.http;

/**
 * The field lines of a request: its header fields, and the trailer fields after a chunked body.
 * Finds each line within the limits, checks its syntax (RFC 9112, section 5) and adds the field;
 * header and trailer fields count together against {@link Limits#maxHeaders()} and
 * {@link Limits#maxHeaderBytes()}.
 *
 * <p>State (owner thread only, one connection): {@code bytes} and {@code count}, what the field
 * lines of the current request used so far, line ends included; {@link #reset()} at each request.
 */
final class FieldLines {
    /** What {@link #read} found. */
    enum Line {
        /** The next line has not all arrived yet. */
        MORE,
        /** A field, now added. */
        FIELD,
        /** The empty line that ends the fields. */
        END
    }

    private final Limits limits;
    private int bytes;
    private int count;

    FieldLines(Limits limits) {
        this.limits = limits;
    }

    /** A request begins: nothing is counted yet. */
    void reset() {
        bytes = 0;
        count = 0;
    }

    /**
     * Reads the next field line at the start of {@code in} into {@code into}.
     *
     * @param head the head that a header field is told about; {@code null} for a trailer field
     * @throws ProtocolError 431 beyond the limits (even before the line ends), 400 if malformed,
     *     and what {@link RequestHead#apply} throws
     */
    Line read(InputBuffer in, Headers into, RequestHead head) throws ProtocolError {
        int lf = in.findLineEnd();
        if (lf < 0) {
            if (bytes + in.buffered() > limits.maxHeaderBytes()) throw new ProtocolError(431, "header fields too large");
            return Line.MORE;
        }
        int from = in.start();
        bytes += lf + 1 - from;
        if (bytes > limits.maxHeaderBytes()) throw new ProtocolError(431, "header fields too large");
        int to = in.contentEnd(lf);
        if (to == from) {
            in.consumeLine(lf);
            return Line.END;
        }
        if (++count > limits.maxHeaders()) throw new ProtocolError(431, "too many header fields");
        field(in.bytes(), from, to, into, head);
        in.consumeLine(lf);
        return Line.FIELD;
    }

    private static void field(byte[] buf, int from, int to, Headers into, RequestHead head) throws ProtocolError {
        int colon = Syntax.indexOf(buf, ':', from, to);
        if (colon <= from) throw new ProtocolError(400, "malformed header field");
        for (int i = from; i < colon; i++) {
            if (!Syntax.isTokenChar(buf[i])) throw new ProtocolError(400, "malformed header field name");
        }
        int v = colon + 1;
        int w = to;
        while (v < w && Syntax.isWhite(buf[v])) v++;
        while (w > v && Syntax.isWhite(buf[w - 1])) w--;
        for (int i = v; i < w; i++) {
            if (!Syntax.isFieldValueChar(buf[i])) throw new ProtocolError(400, "malformed header field value");
        }
        String name = Syntax.ascii(buf, from, colon - from);
        String value = Syntax.ascii(buf, v, w - v);
        into.add(name, value);
        if (head != null) head.apply(FieldRules.nameOf(buf, from, colon - from), value);
    }
}
