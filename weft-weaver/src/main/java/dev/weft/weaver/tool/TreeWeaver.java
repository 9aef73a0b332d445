package dev.weft.weaver.tool;

import dev.weft.weaver.ClassBytes;

import dev.weft.weaver.WeaveException;
import dev.weft.weaver.WeaveResult;
import dev.weft.weaver.Weaver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Weaves every class of a {@link ClassTree} in memory: each woven class replaces its entry and its
 * state classes are added beside it (in the same directory, so in the same package), ready for
 * {@link ClassTree#writeTo}. Only classes whose bytes mention {@code dev/weft/Weft}
 * ({@link ClassBytes#mentionsWeft}) reach the weaver.
 *
 * {@snippet :
 * try (ClassTree tree = ClassTree.open(dir)) {
 *     Weaver weaver = new Weaver(ClassResolver.chain(tree.resolver(), ClassResolver.of(null)), Weaver.Options.defaults());
 *     WeaveSummary s = new TreeWeaver(weaver).weave(tree);
 *     tree.writeTo(dir);
 * }
 * }
 */
public final class TreeWeaver {
    private final Weaver weaver;

    /** @param weaver weaves each class; its resolver should see the tree ({@link ClassTree#resolver()}) */
    public TreeWeaver(Weaver weaver) {
        this.weaver = weaver;
    }

    /**
     * @param tree the classes to weave; changed in memory only
     * @return what was woven
     * @throws WeaveException if a body is refused, its message prefixed with the class's entry
     * @throws IOException if an entry cannot be read
     */
    public WeaveSummary weave(ClassTree tree) throws IOException {
        int classes = 0;
        int bodies = 0;
        List<String> warnings = new ArrayList<>();
        for (String entry : tree.entries()) {
            if (!entry.endsWith(".class")) continue;
            byte[] in = tree.read(entry);
            if (!ClassBytes.mentionsWeft(in)) continue;
            WeaveResult r;
            try {
                r = weaver.weave(in);
            } catch (WeaveException e) {
                throw new WeaveException(entry + ": " + e.getMessage(), e);
            }
            warnings.addAll(r.warnings());
            if (!r.changed()) continue;
            classes++;
            bodies += r.addedClasses().size();
            tree.replace(entry, r.bytes());
            for (Map.Entry<String, byte[]> a : r.addedClasses().entrySet()) {
                tree.addBeside(entry, besideEntry(entry, r.className(), a.getKey()), a.getValue());
            }
        }
        return new WeaveSummary(classes, bodies, warnings);
    }

    /**
     * The entry of an added class beside its host: under the same prefix as the host when the
     * host's entry is its name ({@code META-INF/versions/21/} in a multi-release jar, else none),
     * else in the host's directory.
     */
    private static String besideEntry(String hostEntry, String hostClass, String addedClass) {
        String hostSuffix = hostClass + ".class";
        if (hostEntry.endsWith(hostSuffix)) {
            return hostEntry.substring(0, hostEntry.length() - hostSuffix.length()) + addedClass + ".class";
        }
        return hostEntry.substring(0, hostEntry.lastIndexOf('/') + 1) + addedClass.substring(addedClass.lastIndexOf('/') + 1)
                + ".class";
    }
}
