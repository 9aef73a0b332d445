package dev.weft.examples.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test helper: feeds bytes to a decoder as reads would (in pieces) and collects the requests. */
final class Feed {
    private Feed() {}

    /** Feeds {@code bytes} in pieces of at most {@code piece} bytes, decoding after each. */
    static List<Request> pieces(RequestDecoder d, byte[] bytes, int piece) throws ProtocolError {
        List<Request> out = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            ByteBuffer in = d.readBuffer();
            int n = Math.min(Math.min(piece, in.remaining()), bytes.length - at);
            in.put(bytes, at, n);
            d.filled(n);
            at += n;
            for (Request r; (r = d.next()) != null; ) out.add(r);
        }
        return out;
    }

    static List<Request> all(RequestDecoder d, String text) throws ProtocolError {
        return pieces(d, ascii(text), Integer.MAX_VALUE);
    }

    static List<Request> all(String text) throws ProtocolError {
        return all(new RequestDecoder(Limits.DEFAULT), text);
    }

    static Request one(String text) throws ProtocolError {
        List<Request> rs = all(text);
        if (rs.size() != 1) throw new AssertionError("expected one request, got " + rs);
        return rs.get(0);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
