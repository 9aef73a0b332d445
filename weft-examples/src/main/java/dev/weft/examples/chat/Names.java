package dev.weft.examples.chat;

/**
 * What a chat name may be: 1 to {@code maxChars} characters, none of them a control character or
 * white space at either end, and not starting with {@code '/'} or {@code '*'} (which would pass
 * for a command or a notice).
 *
 * {@snippet :
 * String why = Names.problem("alice", 32); // null: a good name
 * }
 */
final class Names {
    private Names() {}

    /**
     * @param name the name a client sent
     * @param maxChars the longest name taken
     * @return why the name is refused, or {@code null} if it is good
     */
    static String problem(String name, int maxChars) {
        if (name.isEmpty()) return "the name is empty";
        if (name.codePointCount(0, name.length()) > maxChars) return "the name is longer than " + maxChars + " characters";
        if (!name.strip().equals(name)) return "the name starts or ends with a space";
        if (name.startsWith("/") || name.startsWith("*")) return "the name starts with '/' or '*'";
        if (name.codePoints().anyMatch(Character::isISOControl)) return "the name has a control character";
        return null;
    }
}
