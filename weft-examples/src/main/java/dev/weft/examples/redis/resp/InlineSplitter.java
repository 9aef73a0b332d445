package dev.weft.examples.redis.resp;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an inline command line ({@code SET "a key" 'it''s'}) into arguments as Redis's
 * {@code sdssplitargs} does: spaces separate, double quotes allow {@code \n \r \t \b \a \\ \"} and
 * {@code \xHH} escapes, single quotes allow {@code \'}; a closing quote must be followed by a
 * space or the end of the line.
 */
final class InlineSplitter {
    private InlineSplitter() {}

    static byte[][] split(byte[] a, int from, int to, int maxArgs) throws RespProtocolException {
        List<byte[]> args = new ArrayList<>();
        int p = from;
        while (true) {
            while (p < to && isSpace(a[p])) p++;
            if (p >= to) return args.toArray(new byte[0][]);
            if (args.size() == maxArgs) throw new RespProtocolException("invalid multibulk length");
            ByteArrayOutputStream arg = new ByteArrayOutputStream();
            p = a[p] == '"' ? doubleQuoted(a, p + 1, to, arg)
                    : a[p] == '\'' ? singleQuoted(a, p + 1, to, arg)
                    : plain(a, p, to, arg);
            args.add(arg.toByteArray());
        }
    }

    private static int plain(byte[] a, int p, int to, ByteArrayOutputStream arg) {
        while (p < to && !isSpace(a[p])) arg.write(a[p++]);
        return p;
    }

    private static int doubleQuoted(byte[] a, int p, int to, ByteArrayOutputStream arg) throws RespProtocolException {
        while (p < to) {
            byte b = a[p];
            if (b == '"') return closed(a, p + 1, to);
            if (b == '\\' && p + 3 < to && a[p + 1] == 'x' && hex(a[p + 2]) >= 0 && hex(a[p + 3]) >= 0) {
                arg.write(hex(a[p + 2]) * 16 + hex(a[p + 3]));
                p += 4;
            } else if (b == '\\' && p + 1 < to) {
                arg.write(switch (a[p + 1]) {
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    case 'b' -> '\b';
                    case 'a' -> 7;
                    default -> a[p + 1];
                });
                p += 2;
            } else {
                arg.write(b);
                p++;
            }
        }
        throw new RespProtocolException("unbalanced quotes in request");
    }

    private static int singleQuoted(byte[] a, int p, int to, ByteArrayOutputStream arg) throws RespProtocolException {
        while (p < to) {
            byte b = a[p];
            if (b == '\'') return closed(a, p + 1, to);
            if (b == '\\' && p + 1 < to && a[p + 1] == '\'') {
                arg.write('\'');
                p += 2;
            } else {
                arg.write(b);
                p++;
            }
        }
        throw new RespProtocolException("unbalanced quotes in request");
    }

    /** After a closing quote: the end of the line or a space must follow. */
    private static int closed(byte[] a, int p, int to) throws RespProtocolException {
        if (p < to && !isSpace(a[p])) throw new RespProtocolException("unbalanced quotes in request");
        return p;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0b || b == '\f';
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') return b - '0';
        if (b >= 'a' && b <= 'f') return b - 'a' + 10;
        if (b >= 'A' && b <= 'F') return b - 'A' + 10;
        return -1;
    }
}
