package dev.weft.examples.http;

import dev.weft.examples.fuzz.Bytes;
import dev.weft.examples.fuzz.Draw;
import dev.weft.examples.fuzz.Fuzz;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Test helper: the fuzz inputs: well-formed requests (any method, target, version, fields,
 * Content-Length or chunked body, 1 to 4 pipelined) 3 times in 10, the same mutated 1 to 4 times
 * (bytes set, inserted, deleted, the end cut, a stretch repeated, a huge number inserted) 5 times
 * in 10, long runs that cross the limits 1 in 10, and up to 300 raw bytes 1 in 10. The run's size
 * and seed: {@code -Dweft.http.fuzz.tries=N} (default 40 tries), {@code -Dweft.http.fuzz.seed=S}.
 */
final class FuzzInputs {
    static final Fuzz FUZZ = new Fuzz("weft.http.fuzz", 40);

    private static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "BREW", "get");
    private static final List<String> TARGETS = List.of("/plaintext", "/json", "/chunked", "/echo", "/", "*", "/a?b=c",
            "http://h/json", "/%2e%2e/x", "/static/../x");
    private static final List<String> VERSIONS = List.of("HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/1.2", "HTTP/2.0");
    private static final List<String> FIELDS = List.of("Host: h", "Connection: close", "Connection: keep-alive",
            "Expect: 100-continue", "X-Any: v", "Accept: */*", "Transfer-Encoding: gzip", "Content-Length: 3");
    /** The bytes an edit sets or inserts half the time (the other half: any byte, near 0 more often). */
    private static final List<Byte> SPECIAL = List.of((byte) '\r', (byte) '\n', (byte) ' ', (byte) ':', (byte) ';', (byte) '0',
            (byte) 0, (byte) 0x7F, (byte) 0xFF);

    private FuzzInputs() {}

    /** @return an input */
    static byte[] next(Draw d) {
        return switch (d.weighted(3, 5, 1, 1)) {
            case 0 -> valid(d);
            case 1 -> mutated(d);
            case 2 -> longRun(d);
            default -> {
                byte[] raw = new byte[d.size(0, 300)];
                for (int i = 0; i < raw.length; i++) raw[i] = d.smallByte();
                yield raw;
            }
        };
    }

    private static byte[] valid(Draw d) {
        return Bytes.concat(d.list(1, 4, () -> request(d)));
    }

    private static byte[] request(Draw d) {
        StringBuilder s = new StringBuilder(d.pick(METHODS)).append(' ').append(d.pick(TARGETS)).append(' ')
                .append(d.pick(VERSIONS)).append("\r\nHost: h\r\n");
        for (String f : d.list(0, 5, () -> d.pick(FIELDS))) s.append(f).append("\r\n");
        String b = d.text(40, (char) 0, (char) 127);
        if (d.coin()) {
            s.append("Transfer-Encoding: chunked\r\n\r\n");
            for (int i = 0; i < b.length(); i += 7) {
                String piece = b.substring(i, Math.min(b.length(), i + 7));
                s.append(Integer.toHexString(piece.length())).append(";x=y\r\n").append(piece).append("\r\n");
            }
            s.append("0\r\nX-Trailer: t\r\n\r\n");
        } else {
            s.append("Content-Length: ").append(b.length()).append("\r\n\r\n").append(b);
        }
        return Bytes.latin1(s.toString());
    }

    private static byte[] mutated(Draw d) {
        byte[] out = valid(d);
        int edits = d.between(1, 4);
        for (int e = 0; e < edits; e++) {
            int kind = d.between(0, 5);
            int where = (int) d.biased(0, 0, Integer.MAX_VALUE) & 0xFFFF;
            byte value = d.coin() ? d.smallByte() : d.pick(SPECIAL);
            out = edit(out, kind, where, value);
        }
        return out;
    }

    private static byte[] edit(byte[] b, int kind, int where, byte value) {
        if (b.length == 0) return new byte[] {value};
        int i = where % b.length;
        return switch (kind) {
            case 0 -> { // set
                byte[] o = b.clone();
                o[i] = value;
                yield o;
            }
            case 1 -> Bytes.splice(b, i, i, new byte[] {value}); // insert
            case 2 -> Bytes.splice(b, i, i + 1, new byte[0]); // delete
            case 3 -> Arrays.copyOf(b, i); // cut
            case 4 -> Bytes.splice(b, i, i, Arrays.copyOfRange(b, i, i + Math.min(b.length - i, 1 + (where & 63)))); // repeat
            default -> Bytes.splice(b, i, i, Bytes.latin1("fffffff9")); // a huge chunk size or length digit run
        };
    }

    /** Inputs that cross the limits: an endless line, endless fields, a body larger than allowed. */
    private static byte[] longRun(Draw d) {
        int shape = d.between(0, 3);
        int n = (int) d.biased(1_000, 1_000, 200_000);
        return switch (shape) {
            case 0 -> ("GET /" + "a".repeat(n)).getBytes(StandardCharsets.US_ASCII);
            case 1 -> ("GET / HTTP/1.1\r\nHost: h\r\nX: " + "v".repeat(n)).getBytes(StandardCharsets.US_ASCII);
            case 2 -> ("GET / HTTP/1.1\r\n" + "A: b\r\n".repeat(n / 6)).getBytes(StandardCharsets.US_ASCII);
            default -> ("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + ("400\r\n" + "x".repeat(1024) + "\r\n").repeat(n / 1000)).getBytes(StandardCharsets.US_ASCII);
        };
    }
}
