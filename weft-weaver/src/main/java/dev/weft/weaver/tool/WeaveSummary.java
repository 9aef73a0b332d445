package dev.weft.weaver.tool;

import java.util.List;

/**
 * What weaving a tree gave, for the one-line report of the command line and the Maven plugin.
 *
 * {@snippet :
 * WeaveSummary s = new TreeWeaver(weaver).weave(tree);
 * System.out.println(s.line()); // "wove 2 classes, 3 bodies, 0 warnings"
 * }
 *
 * @param classes how many classes were woven
 * @param bodies how many bodies became state-machine futures (one state class each)
 * @param warnings the bodies left unwoven, each with its class file, source line and reason
 */
public record WeaveSummary(int classes, int bodies, List<String> warnings) {
    /** @param warnings copied */
    public WeaveSummary {
        warnings = List.copyOf(warnings);
    }

    /** @return {@code wove N classes, N bodies, N warnings}, singular where N is 1 */
    public String line() {
        return "wove " + count(classes, "class", "classes") + ", " + count(bodies, "body", "bodies") + ", "
                + count(warnings.size(), "warning", "warnings");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
