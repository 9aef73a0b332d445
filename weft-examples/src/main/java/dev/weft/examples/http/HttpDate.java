package dev.weft.examples.http;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code Date: ...\r\n} header line of every response, formatted at most once a second and
 * shared by all connections (TechEmpower's rule).
 *
 * {@snippet :
 * byte[] line = HttpDate.SHARED.line(); // "Date: Wed, 02 Dec 2026 17:07:51 GMT\r\n"
 * }
 *
 * <p>Thread safety: {@code current} is a volatile snapshot (second, bytes) replaced whole; two
 * threads crossing a second at once may both format it, and either result is right.
 */
public final class HttpDate {
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private record Snapshot(long second, byte[] line) {}

    /** The one cache of the process. */
    public static final HttpDate SHARED = new HttpDate();

    private volatile Snapshot current = format(System.currentTimeMillis() / 1000);

    private HttpDate() {}

    /** @return the header line for the current second (do not modify the array) */
    public byte[] line() {
        long second = System.currentTimeMillis() / 1000;
        Snapshot s = current;
        if (s.second != second) current = s = format(second);
        return s.line;
    }

    private static Snapshot format(long second) {
        String date = IMF_FIXDATE.format(Instant.ofEpochSecond(second));
        return new Snapshot(second, ("Date: " + date + "\r\n").getBytes(StandardCharsets.US_ASCII));
    }
}
