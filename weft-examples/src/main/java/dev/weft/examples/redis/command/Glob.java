package dev.weft.examples.redis.command;

/**
 * Redis's glob patterns for CONFIG GET: {@code *} any run, {@code ?} any one character, anything
 * else itself, case-insensitive.
 *
 * {@snippet :
 * boolean m = Glob.matches("app*", "appendonly"); // true
 * }
 */
final class Glob {
    private Glob() {}

    static boolean matches(String pattern, String text) {
        return matches(pattern.toLowerCase(java.util.Locale.ROOT), 0, text.toLowerCase(java.util.Locale.ROOT), 0);
    }

    private static boolean matches(String p, int i, String t, int j) {
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '*') {
                while (i < p.length() && p.charAt(i) == '*') i++;
                if (i == p.length()) return true;
                for (int k = j; k <= t.length(); k++) if (matches(p, i, t, k)) return true;
                return false;
            }
            if (j >= t.length() || (c != '?' && c != t.charAt(j))) return false;
            i++;
            j++;
        }
        return j == t.length();
    }
}
