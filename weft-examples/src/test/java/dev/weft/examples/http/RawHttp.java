package dev.weft.examples.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Test helper: reads one Content-Length response from a raw socket. */
final class RawHttp {
    private RawHttp() {}

    static String readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        while (last4 != 0x0D0A0D0A) {
            int b = in.read();
            if (b < 0) throw new IOException("connection ended in a response head: " + head);
            head.write(b);
            last4 = last4 << 8 | b;
        }
        String h = head.toString(StandardCharsets.ISO_8859_1);
        int at = h.toLowerCase(Locale.ROOT).indexOf("content-length: ");
        if (at < 0) throw new IOException("no Content-Length in " + h);
        int len = Integer.parseInt(h.substring(at + 16, h.indexOf('\r', at)).trim());
        return h + new String(in.readNBytes(len), StandardCharsets.ISO_8859_1);
    }
}
