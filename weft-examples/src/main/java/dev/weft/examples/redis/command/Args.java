package dev.weft.examples.redis.command;

import dev.weft.examples.redis.store.Numbers;

/**
 * Reading command arguments: integers as Redis reads them, and option words in any case.
 *
 * {@snippet :
 * if (Args.is(args[3], "EX")) seconds = Args.integer(args[4]);
 * }
 */
final class Args {
    private Args() {}

    /** The argument as a 64-bit integer, or {@code ERR value is not an integer or out of range}. */
    static long integer(byte[] arg) {
        return Numbers.parseLong(arg);
    }

    /** Whether the argument is {@code word} (upper-case ASCII), in any case. */
    static boolean is(byte[] arg, String word) {
        if (arg.length != word.length()) return false;
        for (int i = 0; i < arg.length; i++) {
            int b = arg[i];
            if (b >= 'a' && b <= 'z') b -= 32;
            if (b != word.charAt(i)) return false;
        }
        return true;
    }
}
