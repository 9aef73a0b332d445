package dev.weft.examples.redis.resp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generated and mutated inputs for the RESP fuzz tests: well-formed requests (multibulk and
 * inline, real command names and random words), hostile pieces (huge or negative lengths, deep
 * nesting, unbalanced quotes, bodies without CRLF, oversized bodies), concatenated, then mutated
 * (bytes flipped, ranges deleted, inserted or repeated, the end cut).
 */
public final class RespInputs {
    private static final List<String> NAMES = List.of("GET", "SET", "get", "PING", "ECHO", "DEL", "EXISTS", "INCR", "DECR",
            "INCRBY", "MGET", "MSET", "EXPIRE", "PEXPIRE", "TTL", "PTTL", "LPUSH", "RPUSH", "LPOP", "RPOP", "LRANGE", "LLEN",
            "SADD", "SREM", "SMEMBERS", "SCARD", "SISMEMBER", "HSET", "HGET", "HGETALL", "PUBLISH", "SUBSCRIBE",
            "UNSUBSCRIBE", "CONFIG", "COMMAND", "QUIT", "EX", "PX", "NX", "XX", "KEEPTTL", "GET", "0", "-1", "1", "100");
    private static final List<String> HOSTILE = List.of("*-1\r\n", "*0\r\n", "$-1\r\n", "*99999999\r\n", "*2147483648\r\n",
            "*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n", "\r\n", "\n", "\"unbalanced", "'x'y", "*1\r\n$4\r\nPINGxx",
            "$99999999999999999999\r\n", "*-5\r\n", "*1\r\n$-2\r\n", ":1\r\n", "+OK\r\n", "-ERR\r\n", "*1\r", "*\r\n", "$\r\n",
            "\u0000\u00ff", "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\n", "SUBSCRIBE a b\r\nPING\r\nGET k\r\nUNSUBSCRIBE\r\n");

    private RespInputs() {}

    /** @return the generator of inputs, fuzzed requests and hostile pieces together */
    public static Arbitrary<byte[]> inputs() {
        Arbitrary<byte[]> piece = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, multibulk()),
                net.jqwik.api.Tuple.of(3, inline()),
                net.jqwik.api.Tuple.of(3, Arbitraries.of(HOSTILE).map(RespInputs::latin1)),
                net.jqwik.api.Tuple.of(2, numberHeader()),
                net.jqwik.api.Tuple.of(1, oversized()));
        Arbitrary<byte[]> joined = piece.list().ofMinSize(1).ofMaxSize(8).map(RespInputs::concat);
        return Combinators.combine(joined, Arbitraries.randoms(), Arbitraries.integers().between(0, 3))
                .as((bytes, random, mutations) -> mutate(bytes, random, mutations));
    }

    private static Arbitrary<String> word() {
        return Arbitraries.oneOf(Arbitraries.of(NAMES),
                Arbitraries.strings().withCharRange((char) 0, (char) 255).ofMaxLength(12),
                Arbitraries.longs().map(String::valueOf));
    }

    private static Arbitrary<byte[]> multibulk() {
        return word().list().ofMinSize(1).ofMaxSize(6).map(words -> {
            StringBuilder b = new StringBuilder("*").append(words.size()).append("\r\n");
            for (String w : words) b.append('$').append(latin1(w).length).append("\r\n").append(w).append("\r\n");
            return latin1(b.toString());
        });
    }

    private static Arbitrary<byte[]> inline() {
        return word().list().ofMinSize(0).ofMaxSize(6).map(words -> latin1(String.join(" ", words) + "\r\n"));
    }

    private static Arbitrary<byte[]> numberHeader() {
        return Combinators.combine(Arbitraries.of("*", "$", ":"), Arbitraries.longs())
                .as((type, n) -> latin1(type + n + "\r\n"));
    }

    /** A bulk header declaring up to a million bytes, and up to 96 KiB of body: more than the fuzz limits allow. */
    private static Arbitrary<byte[]> oversized() {
        return Combinators.combine(Arbitraries.integers().between(0, 1_000_000), Arbitraries.integers().between(0, 96 * 1024))
                .as((declared, filler) -> {
                    byte[] header = latin1("*2\r\n$3\r\nGET\r\n$" + declared + "\r\n");
                    byte[] out = new byte[header.length + filler];
                    System.arraycopy(header, 0, out, 0, header.length);
                    java.util.Arrays.fill(out, header.length, out.length, (byte) 'x');
                    return out;
                });
    }

    private static byte[] mutate(byte[] b, Random r, int mutations) {
        for (int m = 0; m < mutations && b.length > 0; m++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(5)) {
                case 0 -> b[at] = (byte) r.nextInt(256);
                case 1 -> b = splice(b, at, Math.min(b.length, at + 1 + r.nextInt(8)), new byte[0]);
                case 2 -> {
                    byte[] junk = new byte[1 + r.nextInt(8)];
                    r.nextBytes(junk);
                    b = splice(b, at, at, junk);
                }
                case 3 -> b = splice(b, at, at, java.util.Arrays.copyOfRange(b, at, Math.min(b.length, at + 1 + r.nextInt(16))));
                default -> b = java.util.Arrays.copyOf(b, at);
            }
        }
        return b;
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
        out.write(b, 0, from);
        out.writeBytes(insert);
        out.write(b, to, b.length - to);
        return out.toByteArray();
    }

    private static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** @return how many inputs a fuzz test runs: {@code -Dweft.redis.fuzz.count}, default 100000 */
    public static int count() {
        return Integer.getInteger("weft.redis.fuzz.count", 100_000);
    }

    /** @return the fuzz seed: {@code -Dweft.redis.fuzz.seed}, default a fixed one (runs repeat) */
    public static long seed() {
        return Long.getLong("weft.redis.fuzz.seed", 20_2026L);
    }

    /**
     * Cuts {@code input} into 1 to 4 chunks at random places, as reads would deliver it.
     *
     * @param input the bytes
     * @param r the randomness
     * @return the chunk boundaries, ascending, ending with {@code input.length}
     */
    public static int[] cuts(byte[] input, Random r) {
        int n = 1 + r.nextInt(4);
        int[] cuts = new int[n];
        for (int i = 0; i < n - 1; i++) cuts[i] = input.length == 0 ? 0 : r.nextInt(input.length + 1);
        cuts[n - 1] = input.length;
        java.util.Arrays.sort(cuts);
        return cuts;
    }
}
