package dev.weft.examples.http;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomGenerator;

/**
 * Test helper: the fuzz inputs, built from jqwik arbitraries: well-formed requests (any method,
 * target, version, fields, Content-Length or chunked body, pipelined), the same mutated (bytes
 * flipped, inserted, deleted, cut, repeated), long runs that cross the limits, and raw bytes.
 * The count and the seed come from {@code -Dweft.http.fuzz.count} (default 100000) and
 * {@code -Dweft.http.fuzz.seed}.
 */
final class FuzzInputs {
    private FuzzInputs() {}

    static int count() {
        return Integer.getInteger("weft.http.fuzz.count", 100_000);
    }

    static long seed() {
        return Long.getLong("weft.http.fuzz.seed", 20L);
    }

    /** @return a generator of inputs (generation size 1000) */
    static RandomGenerator<byte[]> generator() {
        return inputs().generator(1000);
    }

    static Arbitrary<byte[]> inputs() {
        Arbitrary<byte[]> valid = request().list().ofMinSize(1).ofMaxSize(4).map(FuzzInputs::join);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, valid),
                net.jqwik.api.Tuple.of(5, mutated(valid)),
                net.jqwik.api.Tuple.of(1, longRuns()),
                net.jqwik.api.Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofMaxSize(300)));
    }

    private static Arbitrary<byte[]> request() {
        Arbitrary<String> method = Arbitraries.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "BREW", "get");
        Arbitrary<String> target = Arbitraries.of("/plaintext", "/json", "/chunked", "/echo", "/", "*", "/a?b=c",
                "http://h/json", "/%2e%2e/x", "/static/../x");
        Arbitrary<String> version = Arbitraries.of("HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/1.2", "HTTP/2.0");
        Arbitrary<String> field = Arbitraries.of("Host: h", "Connection: close", "Connection: keep-alive",
                "Expect: 100-continue", "X-Any: v", "Accept: */*", "Transfer-Encoding: gzip", "Content-Length: 3");
        Arbitrary<List<String>> fields = field.list().ofMaxSize(5);
        Arbitrary<String> body = Arbitraries.strings().ascii().ofMaxLength(40);
        Arbitrary<Boolean> chunked = Arbitraries.of(true, false);
        return Combinators.combine(method, target, version, fields, body, chunked).as((m, t, v, fs, b, c) -> {
            StringBuilder s = new StringBuilder(m).append(' ').append(t).append(' ').append(v).append("\r\nHost: h\r\n");
            for (String f : fs) s.append(f).append("\r\n");
            if (c) {
                s.append("Transfer-Encoding: chunked\r\n\r\n");
                for (int i = 0; i < b.length(); i += 7) {
                    String piece = b.substring(i, Math.min(b.length(), i + 7));
                    s.append(Integer.toHexString(piece.length())).append(";x=y\r\n").append(piece).append("\r\n");
                }
                s.append("0\r\nX-Trailer: t\r\n\r\n");
            } else {
                s.append("Content-Length: ").append(b.length()).append("\r\n\r\n").append(b);
            }
            return s.toString().getBytes(StandardCharsets.ISO_8859_1);
        });
    }

    private static Arbitrary<byte[]> mutated(Arbitrary<byte[]> valid) {
        Arbitrary<Integer> kind = Arbitraries.integers().between(0, 5);
        Arbitrary<Integer> where = Arbitraries.integers().between(0, Integer.MAX_VALUE);
        Arbitrary<Byte> value = Arbitraries.oneOf(Arbitraries.bytes(), Arbitraries.of((byte) '\r', (byte) '\n',
                (byte) ' ', (byte) ':', (byte) ';', (byte) '0', (byte) 0, (byte) 0x7F, (byte) 0xFF));
        Arbitrary<List<Integer>> edits = Combinators.combine(kind, where, value).as((k, w, v) -> k << 24 | (w & 0xFFFF) << 8 | (v & 0xFF))
                .list().ofMinSize(1).ofMaxSize(4);
        return Combinators.combine(valid, edits).as((b, es) -> {
            byte[] out = b;
            for (int e : es) out = edit(out, e >>> 24, (e >>> 8) & 0xFFFF, (byte) e);
            return out;
        });
    }

    private static byte[] edit(byte[] b, int kind, int where, byte value) {
        if (b.length == 0) return new byte[] {value};
        int i = where % b.length;
        return switch (kind) {
            case 0 -> { // flip
                byte[] o = b.clone();
                o[i] = value;
                yield o;
            }
            case 1 -> { // insert
                byte[] o = new byte[b.length + 1];
                System.arraycopy(b, 0, o, 0, i);
                o[i] = value;
                System.arraycopy(b, i, o, i + 1, b.length - i);
                yield o;
            }
            case 2 -> { // delete
                byte[] o = new byte[b.length - 1];
                System.arraycopy(b, 0, o, 0, i);
                System.arraycopy(b, i + 1, o, i, b.length - i - 1);
                yield o;
            }
            case 3 -> java.util.Arrays.copyOf(b, i); // cut
            case 4 -> { // repeat a stretch (pipelining, duplicated fields)
                int len = Math.min(b.length - i, 1 + (where & 63));
                byte[] o = new byte[b.length + len];
                System.arraycopy(b, 0, o, 0, i + len);
                System.arraycopy(b, i, o, i + len, b.length - i);
                yield o;
            }
            default -> { // a huge chunk size or length digit run
                byte[] digits = "fffffff9".getBytes(StandardCharsets.US_ASCII);
                byte[] o = new byte[b.length + digits.length];
                System.arraycopy(b, 0, o, 0, i);
                System.arraycopy(digits, 0, o, i, digits.length);
                System.arraycopy(b, i, o, i + digits.length, b.length - i);
                yield o;
            }
        };
    }

    /** Inputs that cross the limits: an endless line, endless fields, a body larger than allowed. */
    private static Arbitrary<byte[]> longRuns() {
        Arbitrary<Integer> size = Arbitraries.integers().between(1_000, 200_000);
        Arbitrary<Integer> shape = Arbitraries.integers().between(0, 3);
        return Combinators.combine(shape, size).as((k, n) -> switch (k) {
            case 0 -> ("GET /" + "a".repeat(n)).getBytes(StandardCharsets.US_ASCII);
            case 1 -> ("GET / HTTP/1.1\r\nHost: h\r\nX: " + "v".repeat(n)).getBytes(StandardCharsets.US_ASCII);
            case 2 -> ("GET / HTTP/1.1\r\n" + "A: b\r\n".repeat(n / 6)).getBytes(StandardCharsets.US_ASCII);
            default -> ("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + ("400\r\n" + "x".repeat(1024) + "\r\n").repeat(n / 1000)).getBytes(StandardCharsets.US_ASCII);
        });
    }

    private static byte[] join(List<byte[]> parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
