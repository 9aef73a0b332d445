package dev.weft.examples.redis.resp;

import dev.weft.examples.fuzz.Bytes;
import dev.weft.examples.fuzz.Chunked;
import dev.weft.examples.fuzz.Draw;
import dev.weft.examples.fuzz.Fuzz;
import java.util.Arrays;
import java.util.List;

/**
 * Generated and mutated inputs for the RESP fuzz tests: 1 to 8 pieces, well-formed requests
 * (multibulk and inline, of real command names, random words and numbers) and hostile pieces (huge
 * or negative lengths, deep nesting, unbalanced quotes, bodies without CRLF, oversized bodies),
 * concatenated, then mutated 0 to 3 times (a byte set, a range deleted, junk inserted, a range
 * repeated, the end cut); read in 1 to 4 chunks split anywhere.
 */
public final class RespInputs {
    /** {@code -Dweft.redis.fuzz.tries=N} (default 40), {@code -Dweft.redis.fuzz.seed=S}. */
    public static final Fuzz FUZZ = new Fuzz("weft.redis.fuzz", 40);
    /** How many inputs a try of the decoder and connection checks holds: 40 tries make 100000. */
    public static final int BATCH = 2500;

    private static final List<String> NAMES = List.of("GET", "SET", "get", "PING", "ECHO", "DEL", "EXISTS", "INCR", "DECR",
            "INCRBY", "MGET", "MSET", "EXPIRE", "PEXPIRE", "TTL", "PTTL", "LPUSH", "RPUSH", "LPOP", "RPOP", "LRANGE", "LLEN",
            "SADD", "SREM", "SMEMBERS", "SCARD", "SISMEMBER", "HSET", "HGET", "HGETALL", "PUBLISH", "SUBSCRIBE",
            "UNSUBSCRIBE", "CONFIG", "COMMAND", "QUIT", "EX", "PX", "NX", "XX", "KEEPTTL", "GET", "0", "-1", "1", "100");
    private static final List<String> HOSTILE = List.of("*-1\r\n", "*0\r\n", "$-1\r\n", "*99999999\r\n", "*2147483648\r\n",
            "*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n", "\r\n", "\n", "\"unbalanced", "'x'y", "*1\r\n$4\r\nPINGxx",
            "$99999999999999999999\r\n", "*-5\r\n", "*1\r\n$-2\r\n", ":1\r\n", "+OK\r\n", "-ERR\r\n", "*1\r", "*\r\n", "$\r\n",
            "\u0000\u00ff", "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\n", "SUBSCRIBE a b\r\nPING\r\nGET k\r\nUNSUBSCRIBE\r\n");

    private RespInputs() {}

    /** @return an input and its chunks, as reads deliver them */
    public static Chunked chunked(Draw d) {
        return Chunked.cutAnywhere(next(d), 4, d);
    }

    /** @return an input: fuzzed requests and hostile pieces together, mutated */
    public static byte[] next(Draw d) {
        byte[] joined = Bytes.concat(d.list(1, 8, () -> switch (d.weighted(6, 3, 3, 2, 1)) {
            case 0 -> multibulk(d);
            case 1 -> inline(d);
            case 2 -> Bytes.latin1(d.pick(HOSTILE));
            case 3 -> Bytes.latin1(d.pick(List.of("*", "$", ":")) + d.anyLong() + "\r\n");
            default -> oversized(d);
        }));
        return mutate(joined, d, d.between(0, 3));
    }

    /** A command name, a string of up to 12 characters of 0 to 255, or a number. */
    private static String word(Draw d) {
        return switch (d.between(0, 2)) {
            case 0 -> d.pick(NAMES);
            case 1 -> d.text(12, (char) 0, (char) 255);
            default -> String.valueOf(d.anyLong());
        };
    }

    private static byte[] multibulk(Draw d) {
        List<String> words = d.list(1, 6, () -> word(d));
        StringBuilder b = new StringBuilder("*").append(words.size()).append("\r\n");
        for (String w : words) b.append('$').append(w.length()).append("\r\n").append(w).append("\r\n");
        return Bytes.latin1(b.toString());
    }

    private static byte[] inline(Draw d) {
        return Bytes.latin1(String.join(" ", d.list(0, 6, () -> word(d))) + "\r\n");
    }

    /** A bulk header declaring up to a million bytes, and up to 96 KiB of body: more than the fuzz limits allow. */
    private static byte[] oversized(Draw d) {
        long declared = d.biased(0, 0, 1_000_000);
        int filler = (int) d.biased(0, 0, 96 * 1024);
        byte[] header = Bytes.latin1("*2\r\n$3\r\nGET\r\n$" + declared + "\r\n");
        byte[] out = Arrays.copyOf(header, header.length + filler);
        Arrays.fill(out, header.length, out.length, (byte) 'x');
        return out;
    }

    private static byte[] mutate(byte[] b, Draw d, int mutations) {
        for (int m = 0; m < mutations && b.length > 0; m++) {
            int at = d.between(0, b.length - 1);
            switch (d.between(0, 4)) {
                case 0 -> b[at] = d.anyByte();
                case 1 -> b = Bytes.splice(b, at, Math.min(b.length, at + d.between(1, 8)), new byte[0]);
                case 2 -> b = Bytes.splice(b, at, at, d.bytes(d.between(1, 8)));
                case 3 -> b = Bytes.splice(b, at, at, Arrays.copyOfRange(b, at, Math.min(b.length, at + d.between(1, 16))));
                default -> b = Arrays.copyOf(b, at);
            }
        }
        return b;
    }
}
