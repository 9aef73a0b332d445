package dev.weft.weaver.testkit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a body class's source and checks that each body and its blocking twin (see
 * {@link BodyMethods}) have the same text: the differential compares the two runs only because
 * they run the same code. For a method {@code X} whose block contains {@code Weft.async(}, the
 * block with that call removed ({@code return Weft.async(() -> {...});} becoming
 * {@code return () -> {...};}) must equal the block of {@code XBlocking}, character for character.
 * Every {@code public static Future<String> X(Probe p)} (an entry point of the differential) needs
 * an {@code XBlocking}, and every {@code XBlocking} an {@code X}.
 *
 * {@snippet :
 * BodyPairs pairs = BodyPairs.read(Files.readString(Path.of("src/test/java/com/example/Loops.java")));
 * assert pairs.problems().isEmpty() && pairs.compared() > 0;
 * }
 *
 * @param compared how many pairs had their texts compared
 * @param problems each broken pair, described
 */
public record BodyPairs(int compared, List<String> problems) {
    private static final Pattern HEADER =
            Pattern.compile("((?:public |static )*)(Future|Callable)<([\\w<>?, ]*)>\\s+(\\w+)\\(([^)]*)\\)\\s*\\{");
    private static final String ASYNC = "Weft.async(";

    /**
     * @param source the text of a body class
     * @return what comparing its pairs found
     */
    public static BodyPairs read(String source) {
        Map<String, String> blocks = new LinkedHashMap<>();
        List<String> bodies = new ArrayList<>();
        Matcher m = HEADER.matcher(source);
        while (m.find()) {
            String name = m.group(4);
            blocks.put(name, source.substring(m.end() - 1, closing(source, m.end() - 1, '{', '}') + 1));
            boolean entry = m.group(1).contains("public") && m.group(1).contains("static");
            if (entry && m.group(2).equals("Future") && m.group(3).equals("String") && m.group(5).trim().equals("Probe p")) {
                bodies.add(name);
            }
        }
        List<String> problems = new ArrayList<>();
        int compared = 0;
        for (String name : bodies) {
            if (!blocks.containsKey(name + BodyMethods.BLOCKING_SUFFIX)) {
                problems.add(name + "(Probe) has no " + name + BodyMethods.BLOCKING_SUFFIX + "(Probe)");
            }
        }
        for (Map.Entry<String, String> e : blocks.entrySet()) {
            String name = e.getKey();
            if (!name.endsWith(BodyMethods.BLOCKING_SUFFIX)) continue;
            String async = blocks.get(name.substring(0, name.length() - BodyMethods.BLOCKING_SUFFIX.length()));
            if (async == null) {
                problems.add(name + " has no async twin");
            } else if (async.contains(ASYNC)) {
                compared++;
                String unwrapped = withoutAsyncCall(async);
                if (!unwrapped.equals(e.getValue())) {
                    problems.add(name + " differs from its async twin:\n--- async, Weft.async( removed\n" + unwrapped
                            + "\n--- blocking\n" + e.getValue());
                }
            }
        }
        return new BodyPairs(compared, List.copyOf(problems));
    }

    private static String withoutAsyncCall(String block) {
        int start = block.indexOf(ASYNC);
        int open = start + ASYNC.length() - 1;
        int close = closing(block, open, '(', ')');
        return block.substring(0, start) + block.substring(open + 1, close) + block.substring(close + 1);
    }

    /**
     * @return the index of the bracket closing the one at {@code open}, skipping string and char
     *     literals and comments
     */
    private static int closing(String s, int open, char opening, char closingChar) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                i = literalEnd(s, i, c);
            } else if (s.startsWith("//", i)) {
                i = s.indexOf('\n', i);
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i);
                i = end < 0 ? -1 : end + 1;
            } else if (c == opening) {
                depth++;
            } else if (c == closingChar && --depth == 0) {
                return i;
            }
            if (i < 0) break;
        }
        throw new IllegalArgumentException("unbalanced " + opening + " at " + open + " in:\n" + s);
    }

    private static int literalEnd(String s, int start, char quote) {
        for (int i = start + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') i++;
            else if (c == quote) return i;
        }
        throw new IllegalArgumentException("unterminated literal at " + start);
    }
}
